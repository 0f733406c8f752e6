import { transactionListResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { liveTestConsent } from '../../../testing/live-test-consent.ts';
import { sampleFinances } from '../../../testing/sample-finances.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../../../testing/write-test-client.ts';

type Fixture = Awaited<ReturnType<typeof signedInAdviserWithClient>>;

describe('transaction filters and changes', () => {
  let testApp: TestApp;
  let fixture: Fixture;
  let otherAdvisersClient: Fixture;
  let sameAdvisersOtherClient: Awaited<ReturnType<typeof writeTestClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
    otherAdvisersClient = await signedInAdviserWithClient(testApp.app);
    sameAdvisersOtherClient = await writeTestClient(testApp.app.database.db, {
      tenantId: fixture.adviser.adminUser.tenant_id,
      partyId: fixture.partyId,
      adviserId: fixture.adviser.adminUser.id,
      consent: liveTestConsent('active'),
      finances: sampleFinances(),
    });
  });
  afterAll(() => testApp.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: fixture.headers, ...(payload ? { payload } : {}) });
  const all = async () =>
    transactionListResponseSchema.parse((await call('GET', '/api/v2/transactions?size=500')).json()).data;
  const refusedField = async (url: string) => {
    const response = await call('GET', url);
    expect(response.statusCode).toBe(400);
    return (response.json().error.fields as { field: string }[]).map(({ field }) => field);
  };

  it('refuses reversed and impossible ranges, naming the field, on the list and the summary', async () => {
    expect(await refusedField('/api/v2/transactions?from_date=2025-11-01&to_date=2025-10-01')).toEqual([
      'querystring.to_date',
    ]);
    expect(await refusedField('/api/v2/transactions/summary?min_amount=50&max_amount=-50')).toEqual([
      'querystring.max_amount',
    ]);
    expect(await refusedField('/api/v2/transactions?from_date=2025-02-30')).toEqual([
      'querystring.from_date',
    ]);
    expect(await refusedField('/api/v2/transactions?min_amount=12.345')).toEqual(['querystring.min_amount']);
    expect(await refusedField('/api/v2/transactions?budget_category=fun')).toEqual([
      'querystring.budget_category',
    ]);
    expect(await refusedField('/api/v2/transactions?account_ids=1,x')).toEqual(['querystring.account_ids']);
  });

  it('accepts a range of one day and equal amounts', async () => {
    const [first] = await all();
    const day = first?.transaction_date ?? '';
    const amount = first?.amount.amount ?? '';
    const response = await call(
      'GET',
      `/api/v2/transactions?from_date=${day}&to_date=${day}&min_amount=${amount}&max_amount=${amount}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((tx: { id: number }) => tx.id)).toContain(first?.id);
  });

  it('refuses a bulk change naming another client’s transactions and writes nothing', async () => {
    const otherList = async () =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/v2/transactions?size=500',
          headers: otherAdvisersClient.headers,
        })
      ).json().data;
    const before = await all();
    const otherBefore = await otherList();
    const ids = fixture.transactionIds.slice(0, 2);
    for (const foreign of [
      otherAdvisersClient.transactionIds[0],
      sameAdvisersOtherClient.transactionIds[0],
    ]) {
      const response = await call('PUT', '/api/v2/transactions/bulk', {
        transaction_ids: [...ids, foreign],
        budget_category: 'one_off',
        category_id: 20,
        included: false,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.error_message).toContain(String(foreign));
    }
    expect(await all()).toEqual(before);
    expect(await otherList()).toEqual(otherBefore);
  });

  it('includes or excludes transactions of different budgets together, keeping each budget', async () => {
    const before = await all();
    const mixed = [before[0], before.find((tx) => tx.budget_category !== before[0]?.budget_category)];
    const ids = mixed.map((tx) => tx?.id ?? 0);
    const response = await call('PUT', '/api/v2/transactions/bulk', {
      transaction_ids: ids,
      included: false,
    });
    expect(response.statusCode).toBe(200);
    const after = await all();
    for (const original of mixed) {
      const changed = after.find((tx) => tx.id === original?.id);
      expect(changed).toMatchObject({ included: false, budget_category: original?.budget_category });
    }
  });

  it('refuses a bulk change that changes nothing, naming the field', async () => {
    const response = await call('PUT', '/api/v2/transactions/bulk', {
      transaction_ids: fixture.transactionIds.slice(0, 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[0].field).toBe('body.budget_category');
  });

  it('recategorises many and the summary by budget category follows', async () => {
    const summary = async () =>
      (await call('GET', '/api/v2/transactions/summary?budget_category=goals')).json().data.count as number;
    const countBefore = await summary();
    const ids = (await all()).filter((tx) => tx.budget_category !== 'goals').map((tx) => tx.id);
    const response = await call('PUT', '/api/v2/transactions/bulk', {
      transaction_ids: ids.slice(0, 3),
      budget_category: 'goals',
      category_id: 20,
    });
    expect(response.statusCode).toBe(200);
    expect(await summary()).toBe(countBefore + 3);
  });
});
