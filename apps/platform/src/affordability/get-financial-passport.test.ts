import { financialPassportResponseSchema, maxPassportYears } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../aggregation/calendar-date.ts';
import type { DemoAccount, DemoTransaction } from '../demo-data/demo-finances-types.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../testing/write-test-client.ts';
import { getFinancialPassport } from './get-financial-passport.ts';

/** The bounds of a passport's range, through the routes that ask for one. */
describe('the financial passport range', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: fixture.headers, ...(payload ? { payload } : {}) });
  const refusedFields = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await request(method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
    return response.json().error.fields.map((field: { field: string }) => field.field);
  };

  it('refuses a range without end, backwards or of days that do not exist, naming the field', async () => {
    const today = sydneyToday();
    const passport = '/api/v2/financialpassport';
    expect(await refusedFields('GET', `${passport}?from_date=0001-01-01&to_date=9999-12-31`)).toEqual([
      'querystring.to_date',
    ]);
    expect(await refusedFields('GET', `${passport}?from_date=2026-03-01&to_date=2026-02-01`)).toEqual([
      'querystring.to_date',
    ]);
    // No report runs past today (before 2026-11-30 the days to come counted as overdrawn).
    expect(
      await refusedFields(
        'GET',
        `${passport}?from_date=${addDays(today, -30)}&to_date=${addDays(today, 60)}`,
      ),
    ).toEqual(['querystring.to_date']);
    // from_date alone runs to today.
    expect(await refusedFields('GET', `${passport}?from_date=0001-01-01`)).toEqual(['querystring.from_date']);
    expect(await refusedFields('GET', `${passport}?from_date=${addDays(today, 1)}`)).toEqual([
      'querystring.from_date',
    ]);
    expect(await refusedFields('GET', `${passport}?from_date=2026-02-30&to_date=2026-13-01`)).toEqual([
      'querystring.from_date',
      'querystring.to_date',
    ]);
    // The exports take the same bound, before any period or feature rule.
    expect(await refusedFields('GET', `${passport}/export?from_date=0001-01-01&to_date=9999-12-31`)).toEqual([
      'querystring.to_date',
    ]);
    expect(
      await refusedFields('POST', `${passport}/exports`, { from_date: '0001-01-01', to_date: today }),
    ).toEqual(['body.to_date']);
  });

  it('answers the longest range it takes', async () => {
    const to = sydneyToday();
    const from = addDays(`${Number(to.slice(0, 4)) - maxPassportYears}${to.slice(4, 8)}01`, 40);
    const response = await request('GET', `/api/v2/financialpassport?from_date=${from}&to_date=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(financialPassportResponseSchema.parse(response.json()).data).toMatchObject({
      from_date: from,
      to_date: to,
    });
  });
});

describe('what posted after the passport’s range', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const tx = (
    account: number,
    date: string,
    cents: number,
    categoryKey: string,
    pending = false,
  ): DemoTransaction => ({
    account,
    date,
    cents,
    description: `${categoryKey} ${date}`,
    merchant: null,
    categoryKey,
    budget: 'living',
    pending,
  });

  /** An everyday account (or a credit card) of the client's one connection. */
  const account = (name: string, balanceCents: number, card = false): DemoAccount => ({
    providerAccount: 0,
    name,
    container: card ? 'credit_card' : 'bank',
    type: card ? 'credit_card' : 'bank_account',
    holder: 'individual',
    number: null,
    bsb: null,
    balanceCents,
    hasAvailable: true,
  });

  /** A client of a new moneypartner adviser, with one Westpac connection holding `accounts`. */
  const clientHolding = async (
    lastRefreshed: string,
    accounts: DemoAccount[],
    transactions: DemoTransaction[],
  ) => {
    const adviser = await createSignedInAdminUser(testApp.app, { tenantId: 'moneypartner' });
    return writeTestClient(testApp.database.db, {
      tenantId: 'moneypartner',
      partyId: adviser.externalParty?.id ?? 0,
      adviserId: adviser.adminUser.id,
      finances: {
        providerAccounts: [
          {
            providerName: 'Westpac',
            status: 'success',
            refreshStatus: 'success',
            refreshSubStatus: null,
            lastRefreshed,
          },
        ],
        accounts,
        transactions,
      },
    });
  };

  /** The client's passport over the dates, as the client itself asks for it. */
  const passportOf = (clientId: number, from: string, to: string) =>
    getFinancialPassport(
      testApp.database.db,
      {
        tenantId: 'moneypartner',
        clientId,
        actor: { kind: 'client', tenantId: 'moneypartner', clientId, via: 'bearer' },
      },
      { from_date: from, to_date: to },
    );

  it('moves the balances at the range’s end and its overdrawn days, and counts in no figure', async () => {
    const db = testApp.database.db;
    const client = await clientHolding(
      '2026-11-19',
      [account('Everyday', 10_000), account('Card', -50_000, true)],
      [
        // September, the range: both its ends.
        tx(0, '2025-09-01', 5_000, 'SALARY'),
        tx(0, '2025-09-16', -60_000, 'RENT'),
        tx(0, '2025-09-30', -100, 'GROCERIES'),
        // After it: a salary; a purchase still pending (today's balance does not hold it); one the
        // client excluded (it still moved the balance); a card purchase the day after the range.
        tx(0, '2025-10-05', 50_000, 'SALARY'),
        tx(0, '2025-10-06', -30_000, 'GROCERIES', true),
        tx(0, '2025-10-07', -1_000, 'GROCERIES'),
        tx(1, '2025-10-01', -10_000, 'GROCERIES'),
      ],
    );
    await db
      .updateTable('transactions')
      .set({ included: false })
      .where('id', '=', client.transactionIds[5] ?? 0)
      .execute();
    const passport = await passportOf(client.clientId, '2025-09-01', '2025-09-30');
    // At 30 September: $100 less the $490 posted since (the pending $300 not) is -$390; the card's
    // -$500 less the $100 spent on 1 October is -$400.
    expect(passport.summary.totals).toEqual({
      income: '50.00',
      expenses: '-601.00',
      net_balance: '-551.00',
      assets: '0.00',
      liabilities: '-790.00',
    });
    expect(passport.liabilities.breakdown.map((item) => item.balance)).toEqual(['-400.00']);
    // -$389 from 16 September (before the $1 of the 30th, -$390 after it), +$211 before the rent:
    // 15 days.
    expect(passport.responsible_lending_indicators.overdrawn_days.by_account).toEqual([
      { account_id: client.accountIds[0], days: 15 },
    ]);
    // Every figure names only transactions of the range.
    const named = [...passport.income.breakdown, ...passport.expenses.breakdown].flatMap(
      (figure) => figure.transaction_ids,
    );
    expect(named.sort((a, b) => a - b)).toEqual(client.transactionIds.slice(0, 3));
  });

  it('walks each account from its own first transaction, and an account without one not at all', async () => {
    // A savings account with two years of history; an everyday account with a month, -$20.00
    // since its first transaction; an overdraft with none.
    const client = await clientHolding(
      '2025-12-03',
      [account('Savings', 500_000), account('Everyday', -2_000), account('Overdraft', -5_000)],
      [tx(0, '2023-12-01', -1_000, 'GROCERIES'), tx(1, '2025-11-03', -1_000, 'GROCERIES')],
    );
    const passport = await passportOf(client.clientId, '2024-12-04', '2025-12-03');
    // 3 November to 3 December: 31 days. Before 2026-12-03 both read the year's 365, counted from
    // the savings account's first transaction.
    expect(passport.responsible_lending_indicators.overdrawn_days.by_account).toEqual([
      { account_id: client.accountIds[1], days: 31 },
    ]);
    // The monthly averages still run from the client's first transaction, before the range: a year.
    const groceries = passport.expenses.breakdown.find((item) => item.category.key === 'GROCERIES');
    expect(groceries).toMatchObject({ total: '-10.00', monthly_average: '-0.83' });
  });
});
