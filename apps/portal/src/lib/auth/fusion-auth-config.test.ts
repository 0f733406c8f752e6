import { describe, expect, it } from 'vitest';
import { createFusionAuthSetup } from './fusion-auth-config.ts';

const config = { enabled: true, clientId: 'c1', tenantId: 't1', serverUrl: 'http://localhost:8080' };

describe('createFusionAuthSetup', () => {
  it('asks for the adviser scopes and the callback route, and refreshes 10 seconds early', () => {
    expect(createFusionAuthSetup(config, 'http://localhost:8080')).toEqual({
      serverUrl: 'http://localhost:8080',
      clientId: 'c1',
      redirectUri: 'http://localhost:8080/auth-callback',
      scope: 'openid email profile offline_access adviser',
      autoRefreshSecondsBeforeExpiry: 10,
    });
  });

  it('fails when a setting is missing', () => {
    expect(() => createFusionAuthSetup({ ...config, clientId: '' }, 'http://x')).toThrow(
      'clientId is required',
    );
    expect(() => createFusionAuthSetup({ ...config, serverUrl: '' }, 'http://x')).toThrow(
      'serverUrl is required',
    );
    expect(() => createFusionAuthSetup(config, '')).toThrow('redirectUri is required');
  });
});
