import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createSignedInAdminUser, tenantHost } from '../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../../testing/write-test-client.ts';

/** Every end-user read of client data, with ids filled in by the fixture. */
const endpoints = (ids: { account: number; transaction: number; providerAccount: number }) => [
  '/api/v2/accounts',
  `/api/v2/accounts/${ids.account}`,
  '/api/v2/provideraccounts',
  `/api/v2/provideraccounts/${ids.providerAccount}`,
  '/api/v2/transactions',
  `/api/v2/transactions/${ids.transaction}`,
  '/api/v2/transactions/summary',
  '/api/v2/reports/transactions/budget_categories',
  '/api/v2/reports/transactions/budget_categories/1',
  '/api/v2/goals',
  '/api/v2/financialpassport',
  '/api/v2/user/details',
  '/api/v2/user/summary',
  '/api/adviser/client/user/details',
  '/api/admin/client/user/summary',
];

describe('the authorisation matrix of the end-user paths', () => {
  let testApp: TestApp;
  const callers: Record<string, { headers: Record<string, string>; expected: number }> = {};
  let urls: string[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp();
    const app = testApp.app;
    const owner = await signedInAdviserWithClient(app);
    const userId = String(owner.clientId);
    const providerAccount = await app.database.db
      .selectFrom('provider_accounts')
      .select('id')
      .where('client_id', '=', owner.clientId)
      .executeTakeFirstOrThrow();
    urls = endpoints({
      account: owner.accountIds[0] ?? 0,
      transaction: owner.transactionIds[0] ?? 0,
      providerAccount: providerAccount.id,
    });

    const otherAdviser = await createSignedInAdminUser(app);
    const withdrawn = await signedInAdviserWithClient(app, 'withdrawn');
    const disabled = await createSignedInAdminUser(app, { externalPartyStatus: 'disabled' });
    const disabledClient = await writeTestClient(app.database.db, {
      tenantId: 'moneypartner',
      partyId: disabled.externalParty?.id ?? 0,
      adviserId: disabled.adminUser.id,
    });
    const operator = await createSignedInAdminUser(app, { kind: 'operator' });
    const labs = await createSignedInAdminUser(app, { tenantId: 'waratahlabs', kind: 'operator' });

    callers.anonymous = { headers: { host: tenantHost('moneypartner'), 'x-user-id': userId }, expected: 401 };
    callers['adviser of the client'] = { headers: owner.headers, expected: 200 };
    callers['adviser of another client'] = {
      headers: { ...otherAdviser.headers, 'x-user-id': userId },
      expected: 404,
    };
    callers['adviser with withdrawn consent'] = { headers: withdrawn.headers, expected: 404 };
    callers['disabled adviser'] = {
      headers: { ...disabled.headers, 'x-user-id': String(disabledClient.clientId) },
      expected: 404,
    };
    callers.operator = { headers: { ...operator.headers, 'x-user-id': userId }, expected: 200 };
    callers['other tenant (its own host)'] = {
      headers: { ...labs.headers, 'x-user-id': userId },
      expected: 404,
    };
    callers['other tenant (this tenant’s host)'] = {
      headers: { ...labs.headers, host: tenantHost('moneypartner'), 'x-user-id': userId },
      expected: 401,
    };
  });
  afterAll(() => testApp.close());

  it('answers every caller kind exactly as it should, on every path', async () => {
    const wrong: string[] = [];
    for (const [caller, { headers, expected }] of Object.entries(callers)) {
      for (const url of urls) {
        const response = await testApp.app.inject({ method: 'GET', url, headers });
        if (response.statusCode !== expected)
          wrong.push(`${caller} GET ${url}: ${response.statusCode}, expected ${expected}`);
        if (response.statusCode === 404) expect(response.json().error.error_code).toBe('F0300');
      }
    }
    expect(wrong).toEqual([]);
  });
});
