import { transactionListResponseSchema, transactionSummaryResponseSchema } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database-schema.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';
import { lastDayOfMonth, monthTotalsCover } from './transaction-month-totals.ts';

type Fixture = Awaited<ReturnType<typeof signedInAdviserWithClient>>;

/** Every (client, account, month, …) group whose maintained totals differ from a fresh count of its rows. */
async function drift(db: Kysely<Database>): Promise<unknown[]> {
  const { rows } = await sql`
    with fresh as (
      select client_id, account_id, date_trunc('month', transaction_date::timestamp)::date as month,
          category_id, budget_category, base_type, included, count(*)::int as transaction_count,
          sum(amount) as amount_sum
      from transactions group by 1, 2, 3, 4, 5, 6, 7)
    select f.*, m.transaction_count as kept_count, m.amount_sum as kept_sum
    from fresh f
    full join transaction_month_totals m
      on m.client_id = f.client_id and m.account_id = f.account_id and m.month = f.month
        and m.category_id is not distinct from f.category_id and m.budget_category = f.budget_category
        and m.base_type = f.base_type and m.included = f.included
    where f.transaction_count is distinct from m.transaction_count or f.amount_sum is distinct from m.amount_sum`.execute(
    db,
  );
  return rows;
}

describe('the trigger-maintained monthly totals', () => {
  let testApp: TestApp;
  let fixture: Fixture;
  let db: Kysely<Database>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    db = testApp.app.database.db;
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const get = async (url: string) => {
    const response = await testApp.app.inject({ url, headers: fixture.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  // The same filter answered from the totals and, with an amount bound every row meets, by counting rows.
  const everyAmount = 'min_amount=-999999999.99';
  const summariesAgree = async (filter: string) => {
    const fromTotals = transactionSummaryResponseSchema.parse(
      await get(`/api/v2/transactions/summary?period=monthly&${filter}`),
    );
    const counted = transactionSummaryResponseSchema.parse(
      await get(`/api/v2/transactions/summary?period=monthly&${filter}&${everyAmount}`),
    );
    expect(fromTotals).toEqual(counted);
    const listed = transactionListResponseSchema.parse(await get(`/api/v2/transactions?size=1&${filter}`));
    const listedCounting = transactionListResponseSchema.parse(
      await get(`/api/v2/transactions?size=1&${filter}&${everyAmount}`),
    );
    expect(listed.paging.total).toBe(fromTotals.data.count);
    expect(listedCounting.paging.total).toBe(fromTotals.data.count);
    return fromTotals.data;
  };
  const clientRows = () =>
    db
      .selectFrom('transactions')
      .select(['id', 'account_id', sql<string>`transaction_date::text`.as('transaction_date')])
      .where('client_id', '=', fixture.clientId)
      .orderBy('id')
      .execute();
  const checkEverything = async () => {
    expect(await drift(db)).toEqual([]);
    const rows = await clientRows();
    const first = rows[0];
    const unfiltered = await summariesAgree('base_type=debit_credit');
    expect(unfiltered.count).toBe(rows.length);
    await summariesAgree('base_type=debit');
    await summariesAgree('transaction_included=false');
    await summariesAgree('budget_category=living');
    if (first) {
      await summariesAgree(`account_ids=${first.account_id}`);
      const month = first.transaction_date.slice(0, 7);
      await summariesAgree(`from_date=${month}-01&to_date=${lastDayOfMonth(`${month}-01`)}`);
    }
  };

  it('match the rows after the client is written', async () => {
    expect((await clientRows()).length).toBeGreaterThanOrEqual(8);
    await checkEverything();
  });

  it('follow recategorisation, exclusion and inclusion, and ignore tag changes', async () => {
    const ids = (await clientRows()).slice(0, 6).map((row) => row.id);
    const put = (payload: object) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/v2/transactions/bulk',
        headers: fixture.headers,
        payload: { transaction_ids: ids, ...payload },
      });
    expect((await put({ budget_category: 'one_off', category_id: 1 })).statusCode).toBe(200);
    await checkEverything();
    expect((await summariesAgree('budget_category=one_off')).count).toBeGreaterThanOrEqual(ids.length);
    expect((await put({ included: false })).statusCode).toBe(200);
    await checkEverything();
    expect((await summariesAgree('transaction_included=false')).count).toBeGreaterThanOrEqual(ids.length);
    expect((await put({ included: true })).statusCode).toBe(200);
    const tagged = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/transactions/tags',
      headers: fixture.headers,
      payload: { transaction_ids: ids, tags: ['rent'] },
    });
    expect(tagged.statusCode, tagged.body).toBeLessThan(300);
    await checkEverything();
  });

  it('follow a refresh that moves, changes, deletes and adds rows in one transaction', async () => {
    const rows = await clientRows();
    const [moved, changed, deleted] = rows;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('transactions')
        .set({ transaction_date: '2020-02-29' })
        .where('id', '=', moved?.id ?? 0)
        .execute();
      await trx
        .updateTable('transactions')
        .set({ amount: '-12.34', base_type: 'debit' })
        .where('id', '=', changed?.id ?? 0)
        .execute();
      await trx
        .deleteFrom('transactions')
        .where('id', '=', deleted?.id ?? 0)
        .execute();
      await trx
        .insertInto('transactions')
        .values({
          tenant_id: fixture.adviser.adminUser.tenant_id,
          client_id: fixture.clientId,
          account_id: moved?.account_id ?? 0,
          amount: '250.00',
          base_type: 'credit',
          transaction_date: '2020-02-01',
          description_original: 'Refund',
          budget_category: 'income',
        })
        .execute();
    });
    await checkEverything();
    expect(await summariesAgree('from_date=2020-02-01&to_date=2020-02-29')).toMatchObject({
      count: 2,
      months: [{ month: '2020-02', count: 2 }],
    });
  });

  it('hold a month of the largest amounts there can be', async () => {
    const [row] = await clientRows();
    // 300 transactions of the largest amount (numeric(14, 2)) in one month: 2.99… × 10^14, past
    // the numeric(16, 2) the totals had until migration 0018, which failed the insert.
    await db
      .insertInto('transactions')
      .values(
        Array.from({ length: 300 }, () => ({
          tenant_id: fixture.adviser.adminUser.tenant_id,
          client_id: fixture.clientId,
          account_id: row?.account_id ?? 0,
          amount: '999999999999.99',
          base_type: 'credit' as const,
          transaction_date: '2019-07-15',
          description_original: 'Largest',
          budget_category: 'income' as const,
        })),
      )
      .execute();
    await checkEverything();
    expect(await summariesAgree('from_date=2019-07-01&to_date=2019-07-31')).toMatchObject({
      count: 300,
      sum: '299999999999997.00',
    });
    await db.deleteFrom('transactions').where('description_original', '=', 'Largest').execute();
  });

  it('drop a group once its last row is deleted, and a disposed connection or client leaves nothing', async () => {
    await db.deleteFrom('transactions').where('transaction_date', '<', '2020-03-01').execute();
    await checkEverything();
    expect((await summariesAgree('from_date=2020-02-01&to_date=2020-02-29')).count).toBe(0);

    // Consent disposal deletes the client's connections; accounts and transactions cascade away.
    const [connection] = await db
      .selectFrom('provider_accounts')
      .select('id')
      .where('client_id', '=', fixture.clientId)
      .execute();
    await db
      .deleteFrom('provider_accounts')
      .where('id', '=', connection?.id ?? 0)
      .execute();
    await checkEverything();

    await db.deleteFrom('clients').where('id', '=', fixture.clientId).execute();
    expect(await drift(db)).toEqual([]);
    const left = await db
      .withTables<{ transaction_month_totals: { client_id: number } }>()
      .selectFrom('transaction_month_totals')
      .select('client_id')
      .where('client_id', '=', fixture.clientId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('which filters the totals answer', () => {
  it('takes whole months, accounts, categories, directions and the included flag, nothing finer', () => {
    expect(monthTotalsCover({})).toBe(true);
    expect(
      monthTotalsCover({
        from_date: '2026-02-01',
        to_date: '2026-02-28',
        account_ids: [1],
        transaction_category_ids: [2],
        budget_category: 'living',
        base_type: 'debit',
        transaction_included: true,
      }),
    ).toBe(true);
    expect(monthTotalsCover({ from_date: '2026-02-02' })).toBe(false);
    expect(monthTotalsCover({ to_date: '2026-02-27' })).toBe(false);
    expect(monthTotalsCover({ to_date: '2024-02-29' })).toBe(true);
    expect(monthTotalsCover({ search_term: 'rent' })).toBe(false);
    expect(monthTotalsCover({ transaction_ids: [1] })).toBe(false);
    expect(monthTotalsCover({ min_amount: '1.00' })).toBe(false);
    expect(monthTotalsCover({ max_amount: '1.00' })).toBe(false);
  });
});
