import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../testing/build-app-config.ts';
import { getAppLink } from './get-app-link.ts';

describe('getAppLink', () => {
  it('finds a link by key', () => {
    const appConfig = buildAppConfig({ links: { about_page: 'https://example.test/about' } });

    expect(getAppLink(appConfig, 'about_page')).toBe('https://example.test/about');
    expect(getAppLink(appConfig, 'help_page')).toBeUndefined();
    expect(getAppLink(undefined, 'about_page')).toBeUndefined();
  });
});
