import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';

/**
 * Ids beyond the tables' `integer` range name nothing: each is refused as bad input naming the
 * field, never passed to the database (where it would fail as a 500).
 */
describe('ids beyond the id range', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const tooBig = '2147483648';

  it.each([
    ['GET', `/api/v2/accounts/${tooBig}`, undefined, 'id'],
    [
      'PUT',
      `/api/v2/provideraccounts?provideraccount_ids=1,221900338198293100000`,
      undefined,
      'provideraccount_ids',
    ],
    ['GET', `/api/v2/transactions?account_ids=${tooBig}`, undefined, 'account_ids'],
    [
      'PUT',
      '/api/v2/transactions/bulk',
      { transaction_ids: [Number(tooBig)], included: false },
      'transaction_ids',
    ],
  ] as const)('%s %s → 400 naming %s', async (method, url, payload, field) => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: fixture.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(field);
  });

  it('refuses an X-User-Id beyond the range', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/accounts',
      headers: { ...fixture.headers, 'x-user-id': '9999999999' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('x-user-id');
  });
});
