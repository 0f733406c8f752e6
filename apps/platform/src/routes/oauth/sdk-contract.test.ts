import {
  createApiClient,
  getAdminUserDetails,
  isApiError,
  refreshToken,
  requestAdminToken,
  requestToken,
  revokeToken,
} from '@waratah/sdk';
import { resolveTenant } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords/hash-password.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser, tenantHost } from '../../testing/sign-in.ts';
import { sdkContractFetch } from '../sdk-contract/sdk-contract-fetch.ts';

const host = tenantHost('moneypartner');
const { oauth } = resolveTenant({ host }).envConfig;
const client = { clientId: oauth.clientId, domain: oauth.domain };

/** The OAuth endpoints through `@waratah/sdk`, against the real server and database. */
describe('OAuth through the SDK', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;

  const apiClient = (token?: () => string) =>
    createApiClient({
      baseUrl: `http://${host}`,
      apiVersion: '2.30',
      ...(token ? { getAccessToken: token } : {}),
      fetch: sdkContractFetch(testApp.app, host),
    });

  beforeAll(async () => {
    testApp = await buildTestApp();
    adviser = await createSignedInAdminUser(testApp.app, { password: 'Harbour-Bridge-Climb-2031' });
  });
  afterAll(() => testApp.close());

  it('signs an adviser in, refreshes the token and revokes it', async () => {
    const anonymous = apiClient();
    const token = await requestAdminToken(anonymous, {
      username: adviser.adminUser.email,
      password: 'Harbour-Bridge-Climb-2031',
      ...client,
    });
    expect((await getAdminUserDetails(apiClient(() => token.access_token))).email).toBe(
      adviser.adminUser.email,
    );
    const refreshed = await refreshToken(anonymous, { refreshToken: token.refresh_token ?? '', ...client });
    expect(refreshed.access_token).not.toBe(token.access_token);
    await revokeToken(anonymous, { token: refreshed.access_token, ...client });
    const revoked = await getAdminUserDetails(apiClient(() => refreshed.access_token)).catch(
      (error: unknown) => error,
    );
    expect(isApiError(revoked) && revoked.status).toBe(401);
    const wrong = await requestAdminToken(anonymous, {
      username: adviser.adminUser.email,
      password: 'not-the-password-at-all',
      ...client,
    }).catch((error: unknown) => error);
    expect(isApiError(wrong) && wrong.code).toBe('invalid_grant');
  });

  it('signs a client in at oauth/token', async () => {
    await testApp.database.db
      .insertInto('clients')
      .values({
        tenant_id: 'moneypartner',
        email: 'sdk-client@example.test',
        given_name: 'Cli',
        family_name: 'Ent',
        password_hash: await hashPassword('Harbour-Bridge-Climb-2031'),
      })
      .execute();
    const token = await requestToken(apiClient(), {
      username: 'sdk-client@example.test',
      password: 'Harbour-Bridge-Climb-2031',
      ...client,
    });
    expect(token.access_token).toBeTruthy();
  });
});
