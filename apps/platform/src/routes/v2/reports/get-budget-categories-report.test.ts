import { budgetCategoryReportResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../../aggregation/calendar-date.ts';
import { sydneyToday } from '../../../reports/sydney-calendar.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

describe('GET /api/v2/reports/transactions/budget_categories', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const report = async (url: string) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers: fixture.headers });
    expect(response.statusCode).toBe(200);
    return budgetCategoryReportResponseSchema.parse(response.json()).data;
  };

  it('groups by month and budget category, listing empty months', async () => {
    const data = await report(
      '/api/v2/reports/transactions/budget_categories?from_date=2025-08-01&to_date=2025-11-30',
    );
    expect(data.map((month) => month.date)).toEqual(['2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01']);
    expect(data[0]).toEqual({ date: '2025-08-01', value: 0, income: false, groups: [] });
    const october = data[2];
    expect(october?.groups.map((group) => [group.name, group.value, group.income])).toEqual([
      ['income', 6000, true],
      ['living', 2042.5, false],
      ['lifestyle', 69.99, false],
    ]);
    expect(october?.groups[0]?.transaction_ids).toEqual([
      fixture.transactionIds[4],
      fixture.transactionIds[5],
    ]);
  });

  it('refuses a range that ends before it begins, or starts or ends before year 1000, by field', async () => {
    for (const [query, field] of [
      ['from_date=2026-05-01&to_date=2026-01-01', 'querystring.to_date'],
      ['from_date=0999-01-01&to_date=1001-01-01', 'querystring.from_date'],
      // Its default from_date, 11 months before, was in year 0: a 500 before 2026-12-03.
      ['to_date=0001-06-30', 'querystring.to_date'],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/v2/reports/transactions/budget_categories?${query}`,
        headers: fixture.headers,
      });
      // Before 2026-11-30: 200 with no periods at all.
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fields[0].field).toBe(field);
    }
  });

  it('refuses a from_date after today when to_date, which is then today, is left out (400 naming from_date)', async () => {
    const future = addMonths(sydneyToday(), 1);
    for (const path of ['budget_categories', 'budget_categories/1']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/v2/reports/transactions/${path}?from_date=${future}`,
        headers: fixture.headers,
      });
      // Before 2026-12-02: 200 with no periods at all.
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.fields.map((fault: { field: string }) => fault.field)).toEqual([
        'querystring.from_date',
      ]);
    }
  });

  it('answers one budget category by its number', async () => {
    const data = await report(
      '/api/v2/reports/transactions/budget_categories/4?from_date=2025-11-01&to_date=2025-11-30',
    );
    expect(data[0]?.groups).toEqual([
      {
        id: 4,
        name: 'one_off',
        value: 15,
        income: true,
        transaction_ids: [fixture.transactionIds[7], fixture.transactionIds[9]],
      },
    ]);
  });

  it('leaves out the accounts not in the client’s totals', async () => {
    // Before 2026-11-30 an account marked "Not included in totals" still filled the overview's
    // charts, while its net position, the passport and the insights left it out.
    const url = '/api/v2/reports/transactions/budget_categories?from_date=2025-10-01&to_date=2025-10-31';
    const accounts = () =>
      testApp.database.db.updateTable('accounts').where('client_id', '=', fixture.clientId);
    expect((await report(url))[0]?.groups.length).toBeGreaterThan(0);
    await accounts().set({ included: false }).execute();
    try {
      expect((await report(url))[0]).toEqual({ date: '2025-10-01', value: 0, income: false, groups: [] });
    } finally {
      await accounts().set({ included: true }).execute();
    }
  });

  // Reference §7's other groupings: before 2026-12-03 dropped, and answered by budget category.
  it('refuses by name a grouping other than budget_category, on both reports', async () => {
    const range = 'from_date=2025-10-01&to_date=2025-10-31';
    for (const path of ['budget_categories', 'budget_categories/1']) {
      const url = `/api/v2/reports/transactions/${path}?${range}`;
      expect(await report(`${url}&grouping=budget_category`)).toEqual(await report(url));
      for (const grouping of ['category', 'merchant', 'tag', 'budget']) {
        const refused = await testApp.app.inject({
          url: `${url}&grouping=${grouping}`,
          headers: fixture.headers,
        });
        expect(refused.statusCode, `${path} ${grouping}`).toBe(400);
        expect(refused.json().error.fields).toEqual([
          { field: 'querystring.grouping', message: expect.stringMatching(/^is not supported: /) },
        ]);
      }
    }
  });
});
