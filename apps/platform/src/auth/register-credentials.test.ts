import { resolveTenant } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';

describe('credential settings from the environment', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({
      env: { AUTH_ACCESS_TOKEN_TTL_SECONDS: '120', AUTH_SIGN_IN_FAILURES_PER_ACCOUNT: '7' },
      credentials: { settings: { mailsPerIp: 3 } },
    });
  });
  afterAll(() => testApp.close());

  it('applies AUTH_… over the defaults, and the caller’s overrides over both', () => {
    expect(testApp.app.authSettings).toMatchObject({
      accessTokenTtlSeconds: 120,
      signInFailuresPerAccount: 7,
      mailsPerIp: 3,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
    });
  });

  it('issues access tokens with the configured lifetime', async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    const { clientId, domain } = resolveTenant({ host: adviser.headers.host }).envConfig.oauth;
    const refreshed = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host: adviser.headers.host },
      payload: {
        grant_type: 'refresh_token',
        refresh_token: adviser.refreshToken,
        client_id: clientId,
        domain,
      },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().expires_in).toBe(120);
  });
});
