import { createApiClient, getAppConfig, getCdrConfig, isApiError, updateAppConfig } from '@waratah/sdk';
import { resolveTenant } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser, tenantHost } from '../../testing/sign-in.ts';
import { sdkContractFetch } from '../sdk-contract/sdk-contract-fetch.ts';

const host = tenantHost('moneypartner');

/** The config endpoints through `@waratah/sdk`, against the real server and database. */
describe('config through the SDK', () => {
  let testApp: TestApp;
  let operator: SignedInAdminUser;
  let adviser: SignedInAdminUser;

  const clientFor = (user?: SignedInAdminUser) =>
    createApiClient({
      baseUrl: `http://${host}`,
      apiVersion: '2.30',
      ...(user ? { getAccessToken: () => user.accessToken } : {}),
      fetch: sdkContractFetch(testApp.app, host),
    });

  beforeAll(async () => {
    testApp = await buildTestApp();
    operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    adviser = await createSignedInAdminUser(testApp.app);
  });
  afterAll(() => testApp.close());

  it('reads the app config with and without the tenant prefix, and the CDR config', async () => {
    const anonymous = clientFor();
    const config = await getAppConfig(anonymous, 'adviser-web-portal');
    expect(config.platforms[0]?.key).toBe('adviser-web-portal');
    expect(await getAppConfig(anonymous, 'adviser-web-portal', { tenant: 'moneypartner' })).toEqual(config);
    const unknown = await getAppConfig(anonymous, 'no-such-platform').catch((error: unknown) => error);
    expect(isApiError(unknown) && unknown.status).toBe(404);

    const cdr = await getCdrConfig(anonymous);
    expect(cdr.sharing_durations.length).toBeGreaterThan(0);
    expect(await getCdrConfig(anonymous, cdr.external_id)).toEqual(cdr);
  });

  it('lets an operator switch a feature, which the next read shows; refuses an adviser', async () => {
    const { environment } = resolveTenant({ host });
    const changed = await updateAppConfig(clientFor(operator), 'adviser-web-portal', {
      environment,
      features: [{ key: 'ta_register', enabled: false }],
    });
    const feature = (value: typeof changed) =>
      value.platforms[0]?.features.find((item) => item.key === 'ta_register')?.enabled;
    expect(feature(changed)).toBe(false);
    expect(feature(await getAppConfig(clientFor(), 'adviser-web-portal'))).toBe(false);
    const refused = await updateAppConfig(clientFor(adviser), 'adviser-web-portal', {
      environment,
      features: [{ key: 'ta_register', enabled: true }],
    }).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(403);
  });
});
