import { financialPassportResponseSchema, transactionListResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

describe('GET /api/v2/financialpassport', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  it('computes every figure exactly from hand-built transactions, traceable to them', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/financialpassport?from_date=2025-09-01&to_date=2025-11-30',
      headers: fixture.headers,
    });
    expect(response.statusCode).toBe(200);
    const passport = financialPassportResponseSchema.parse(response.json()).data;
    const id = (index: number) => fixture.transactionIds[index];
    expect(passport.summary).toEqual({
      totals: {
        income: '9000.00',
        expenses: '-2157.49',
        net_balance: '6842.51',
        assets: '1500.00',
        liabilities: '-500.00',
      },
      savings_rate: '76.0',
    });
    expect(passport.income.breakdown).toEqual([
      {
        source: 'SALARY ACME',
        category: { key: 'SALARY', name: 'Salary and wages' },
        regularity: 'fortnightly',
        total: '9000.00',
        // Over the two months and a day the data covers (from 30 September, 63/31 months: the day
        // counted in the month before the two, as the periods are built), not
        // the range's three.
        monthly_average: '4428.57',
        transaction_ids: [id(0), id(4), id(5)],
      },
    ]);
    const rent = passport.expenses.breakdown.find((group) => group.category.key === 'RENT');
    expect(rent).toMatchObject({ total: '-2000.00', transaction_ids: [id(6)] });
    expect(passport.liabilities.breakdown).toEqual([
      {
        account_id: fixture.accountIds[1],
        name: 'Card',
        type: 'credit_card',
        balance: '-500.00',
        total: '30.00',
        monthly_average: '14.76',
        transaction_ids: [id(9)],
      },
    ]);
    expect(passport.responsible_lending_indicators).toEqual({
      gambling: { total: '-50.00', monthly_average: '-24.60', transaction_ids: [id(3)] },
      bnpl: { total: '-30.00', monthly_average: '-14.76', transaction_ids: [id(8)] },
      dishonours: { total: '-15.00', monthly_average: '-7.38', transaction_ids: [id(7)], count: 1 },
      // Counted from 30 September, when the data begins, as the averages are (43 with September's
      // 29 days before any data, until 2026-12-02).
      overdrawn_days: {
        count: 14,
        account_ids: [fixture.accountIds[0]],
        by_account: [{ account_id: fixture.accountIds[0], days: 14 }],
      },
    });
  });

  it('opens every transaction a figure names through GET transactions, and each figure is their exact sum', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/financialpassport?from_date=2025-09-01&to_date=2025-11-30',
      headers: fixture.headers,
    });
    const passport = financialPassportResponseSchema.parse(response.json()).data;
    const cents = (amount: string) => Math.round(Number(amount.replace('.', '')));
    const figures = [
      ...passport.income.breakdown,
      ...passport.expenses.breakdown,
      ...passport.liabilities.breakdown,
      passport.responsible_lending_indicators.gambling,
      passport.responsible_lending_indicators.bnpl,
      passport.responsible_lending_indicators.dishonours,
    ];
    for (const figure of figures) {
      if (figure.transaction_ids.length === 0) continue;
      // What the report asks for when the adviser opens the figure: its rows, by id.
      const rows = await testApp.app.inject({
        method: 'GET',
        url: `/api/v2/transactions?transaction_ids=${figure.transaction_ids.join(',')}&size=10`,
        headers: fixture.headers,
      });
      expect(rows.statusCode).toBe(200);
      const listed = transactionListResponseSchema.parse(rows.json());
      expect(listed.paging.total).toBe(figure.transaction_ids.length);
      expect(listed.data.map((tx) => tx.id).sort((a, b) => a - b)).toEqual(
        [...figure.transaction_ids].sort((a, b) => a - b),
      );
      const sum = listed.data.reduce((total, tx) => total + cents(tx.amount.amount), 0);
      expect(sum).toBe(cents(figure.total));
    }
    const sumOf = (items: { total: string }[]) => items.reduce((sum, item) => sum + cents(item.total), 0);
    expect(sumOf(passport.income.breakdown)).toBe(cents(passport.summary.totals.income));
    expect(sumOf(passport.expenses.breakdown)).toBe(cents(passport.summary.totals.expenses));
    expect(passport.accounts.map((account) => account.id)).toEqual(fixture.accountIds);
    expect(response.json().data).not.toHaveProperty('transactions');
  });

  it('leaves excluded transactions out of the figures but not out of the balances', async () => {
    await testApp.app.inject({
      method: 'PUT',
      url: `/api/v2/transactions/${fixture.transactionIds[3]}`,
      headers: fixture.headers,
      payload: { budget_category: 'lifestyle', included: false },
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/financialpassport?from_date=2025-09-01&to_date=2025-11-30',
      headers: fixture.headers,
    });
    const indicators = response.json().data.responsible_lending_indicators;
    expect(indicators.gambling.total).toBe('0.00');
    // Left out of the figures, the bet still moved the account's balance.
    expect(indicators.overdrawn_days.count).toBe(14);
  });

  // Reference §8's filters: before 2026-12-03 both were dropped, and every account was reported.
  it('reports only the accounts of the connections provider_account_ids names', async () => {
    const accounts = await testApp.database.db
      .selectFrom('accounts')
      .select(['id', 'provider_account_id'])
      .where('id', 'in', fixture.accountIds)
      .orderBy('id')
      .execute();
    const [everyday, card] = accounts;
    if (!everyday || !card || everyday.provider_account_id === card.provider_account_id)
      throw new Error('the sample client’s two accounts are on two connections');
    const passportOf = async (query: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/v2/financialpassport?from_date=2025-09-01&to_date=2025-11-30&${query}`,
        headers: fixture.headers,
      });
      expect(response.statusCode, query).toBe(200);
      return financialPassportResponseSchema.parse(response.json()).data;
    };
    const cardOnly = await passportOf(`provider_account_ids=${card.provider_account_id}`);
    expect(cardOnly.accounts.map((account) => account.id)).toEqual([card.id]);
    expect(cardOnly.income.breakdown).toEqual([]);
    expect(cardOnly.summary.totals.assets).toBe('0.00');
    const both = await passportOf(
      `provider_account_ids=${everyday.provider_account_id},${card.provider_account_id}`,
    );
    expect(both.accounts.map((account) => account.id)).toEqual([everyday.id, card.id]);
    // With account_ids too, the accounts both name.
    expect(
      (await passportOf(`provider_account_ids=${card.provider_account_id}&account_ids=${everyday.id}`))
        .accounts,
    ).toEqual([]);
  });

  it('refuses aggregators by name rather than answering every account', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/financialpassport?aggregators=cdr',
      headers: fixture.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      error_code: 'F0001',
      fields: [{ field: 'querystring.aggregators', message: expect.stringMatching(/^is not supported: /) }],
    });
  });
});
