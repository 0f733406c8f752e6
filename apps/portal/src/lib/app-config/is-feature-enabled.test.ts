import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../testing/build-app-config.ts';
import { isFeatureEnabled } from './is-feature-enabled.ts';

describe('isFeatureEnabled', () => {
  it('is on when the portal platform lists the feature enabled', () => {
    const appConfig = buildAppConfig({ features: { ta_register: true, goals: false } });

    expect(isFeatureEnabled(appConfig, 'ta_register')).toBe(true);
    expect(isFeatureEnabled(appConfig, 'goals')).toBe(false);
    expect(isFeatureEnabled(appConfig, 'view_goals')).toBe(false);
  });

  it("ignores other platforms' features", () => {
    const appConfig = {
      platforms: [{ key: 'mobile-app', features: [{ key: 'ta_register', enabled: true }] }],
      links: [],
    };

    expect(isFeatureEnabled(appConfig, 'ta_register')).toBe(false);
  });

  it('is off while no config is loaded', () => {
    expect(isFeatureEnabled(undefined, 'ta_register')).toBe(false);
    expect(isFeatureEnabled(null, 'ta_register')).toBe(false);
  });
});
