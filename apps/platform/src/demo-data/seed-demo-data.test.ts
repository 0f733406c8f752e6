import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../aggregation/calendar-date.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { seedDatabase } from '../db/seed.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { fixedDemoToday } from './demo-constants.ts';
import { seedDemoData } from './seed-demo-data.ts';

const options = { clientCount: 12, today: fixedDemoToday };

async function snapshot(database: PlatformDatabase) {
  const { db } = database;
  return {
    clients: await db
      .selectFrom('clients')
      .select(['id', 'tenant_id', 'email', 'status'])
      .orderBy('id')
      .execute(),
    links: await db
      .selectFrom('client_links')
      .select(['client_id', 'consent_status', 'consent_start', 'consent_expiry'])
      .orderBy('id')
      .execute(),
    providerAccounts: await db
      .selectFrom('provider_accounts')
      .select(['id', 'client_id', 'provider_id', 'status', 'refresh_status', 'refresh_sub_status'])
      .orderBy('id')
      .execute(),
    accounts: await db
      .selectFrom('accounts')
      .select(['id', 'account_type', sql<string>`current_balance::text`.as('balance')])
      .orderBy('id')
      .execute(),
    transactions: await db
      .selectFrom('transactions')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<string>`sum(amount)::text`.as('sum'),
        sql<string>`md5(string_agg(id || transaction_date::text || amount::text || description_original, ',' order by id))`.as(
          'digest',
        ),
      ])
      .executeTakeFirstOrThrow(),
    goals: await db.selectFrom('goals').select(['id', 'status', 'target_type']).orderBy('id').execute(),
  };
}

describe('the demo data', () => {
  let first: PlatformDatabase;
  let second: PlatformDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    for (const database of [first, second]) {
      await seedDatabase(database.db);
      await seedDemoData(database.db, options);
    }
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('is the same on every run', async () => {
    expect(await snapshot(first)).toEqual(await snapshot(second));
  });

  it('is written once: a second seed adds nothing', async () => {
    const before = await snapshot(first);
    expect(await seedDemoData(first.db, options)).toBe(0);
    expect(await snapshot(first)).toEqual(before);
  });

  it('arrives through the open-banking path: holder connections, sealed tokens, refreshed accounts', async () => {
    const { db } = first;
    const connections = await db
      .selectFrom('provider_accounts as pa')
      .innerJoin('providers as p', 'p.id', 'pa.provider_id')
      .select([
        'p.name',
        'p.base_url',
        'pa.status',
        'pa.refresh_sub_status',
        'pa.holder_access_token',
        'pa.holder_customer_id',
        'pa.next_refresh',
        'pa.last_refreshed',
      ])
      .execute();
    expect(connections.length).toBeGreaterThan(10);
    for (const connection of connections) {
      expect(connection.base_url).toMatch(/\/data-holder\/[a-z-]+\/cds-au\/v1$/);
      expect(connection.holder_customer_id).toMatch(/^demo-[a-z]+-\d+-(main|loan|card)$/);
      expect(connection.holder_access_token?.startsWith('aes256gcm:v1:')).toBe(true);
      expect(connection.next_refresh).toBeNull();
      expect(connection.last_refreshed).not.toBeNull();
    }
    // Healthy connections, and problems as the holder's answers were classified.
    const subStatuses = new Set(connections.map((connection) => connection.refresh_sub_status));
    expect(subStatuses.has(null)).toBe(true);
    expect(subStatuses.size).toBeGreaterThan(2);
    for (const subStatus of subStatuses) {
      expect([null, 'invalid_credentials', 'mfa_needed', 'verify_credentials', 'site_error']).toContain(
        subStatus,
      );
    }
    const types = await db.selectFrom('accounts').select('account_type').distinct().execute();
    expect(types.map((row) => row.account_type)).toEqual(
      expect.arrayContaining(['bank_account', 'savings', 'credit_card']),
    );
    const unowned = await db
      .selectFrom('transactions as t')
      .leftJoin('accounts as a', 'a.id', 't.account_id')
      .select('t.id')
      .where('a.external_id', 'is', null)
      .execute();
    expect(unowned).toEqual([]);
  });

  it('has every status the portal shows, in every tenant', async () => {
    const { db } = first;
    for (const tenantId of ['waratah', 'moneypartner', 'waratahlabs']) {
      const values = async (
        table: 'client_links' | 'goals' | 'provider_accounts' | 'external_parties',
        column: string,
      ) =>
        (
          await sql<{
            value: string;
          }>`select distinct ${sql.ref(column)} as value from ${sql.table(table)} where tenant_id = ${tenantId} order by 1`.execute(
            db,
          )
        ).rows.map((row) => row.value);
      expect(await values('client_links', 'consent_status')).toEqual([
        'active',
        'expired',
        'in_use',
        'pending',
        'withdrawn',
      ]);
      expect(await values('goals', 'status')).toEqual([
        'active',
        'cancelled',
        'completed',
        'failed',
        'finalising',
        'unstarted',
      ]);
      expect(await values('provider_accounts', 'status')).toContain('needs_action');
      expect(await values('external_parties', 'status')).toEqual(['disabled', 'enabled', 'unverified']);
      const expiringSoon = await db
        .selectFrom('client_links')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('consent_status', '=', 'active')
        .where('consent_expiry', '>', new Date(`${fixedDemoToday}T00:00:00Z`))
        .where('consent_expiry', '<=', new Date(`${addDays(fixedDemoToday, 30)}T00:00:00Z`))
        .execute();
      expect(expiringSoon.length).toBeGreaterThan(0);
    }
    const registering = await db
      .selectFrom('admin_users')
      .select('email')
      .where('external_party_id', 'is', null)
      .execute();
    expect(registering.map((user) => user.email).sort()).toEqual([
      'registering@moneypartner.example',
      'registering@waratah.example',
      'registering@waratahlabs.example',
    ]);
    // What advisers look for, as the simulated holder words it.
    const flags = await sql<{ flag: string }>`
      select distinct case
        when description_original like 'SPORTSBET%' or description_original like 'TAB %' then 'betting'
        when description_original like 'AFTERPAY%' or description_original like 'ZIP PAY%' then 'bnpl'
        when description_original = 'DISHONOUR FEE' then 'dishonour'
      end as flag
      from transactions`.execute(db);
    expect(
      flags.rows
        .map((row) => row.flag)
        .filter(Boolean)
        .sort(),
    ).toEqual(['betting', 'bnpl', 'dishonour']);
  });

  it('reads as a household: spending in most months, money moved between own accounts counted once', async () => {
    const { db } = first;
    // The twelve complete months before the demo's today, per client that shares data.
    const months = await sql<{ client_id: number; month: string; budget_category: string; net: string }>`
      select client_id, to_char(transaction_date, 'YYYY-MM') as month, budget_category, sum(amount)::text as net
      from transactions
      where included and transaction_date >= ${`${addDays(fixedDemoToday, -380).slice(0, 7)}-01`}::date
        and transaction_date < ${`${fixedDemoToday.slice(0, 7)}-01`}::date
      group by 1, 2, 3`.execute(db);
    const spending = new Map<number, Map<string, number>>();
    for (const row of months.rows) {
      const byMonth = spending.get(row.client_id) ?? new Map<string, number>();
      spending.set(row.client_id, byMonth);
      if (row.budget_category !== 'income')
        byMonth.set(row.month, (byMonth.get(row.month) ?? 0) - Number(row.net));
      // Rent, mortgage, groceries and bills never come out as money in.
      if (row.budget_category === 'living') expect(Number(row.net)).toBeLessThan(0);
    }
    expect(spending.size).toBeGreaterThan(10);
    for (const [clientId, byMonth] of spending) {
      const spentMonths = [...byMonth.values()].filter((dollars) => dollars > 500).length;
      expect(spentMonths, `client ${clientId}`).toBeGreaterThanOrEqual(9);
    }
    // A repayment received by a loan or card, and a transfer into savings, start excluded.
    const received = await sql<{ included: boolean; key: string }>`
      select distinct t.included, c.key from transactions t
      join accounts a on a.id = t.account_id join transaction_categories c on c.id = t.category_id
      where a.container in ('loan', 'credit_card') and t.amount > 0 and t.merchant_name is null`.execute(db);
    expect(received.rows).toEqual([{ included: false, key: 'TRANSFER' }]);
  });

  it('gives each client their goals once', async () => {
    const duplicates = await sql<{ client_id: number; name: string }>`
      select client_id, name from goals
      group by client_id, name, status, target_type, target_amount, start_date having count(*) > 1`.execute(
      first.db,
    );
    expect(duplicates.rows).toEqual([]);
    const clientsWithGoals = await first.db
      .selectFrom('goals')
      .select((eb) => eb.fn.count<string>('client_id').distinct().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(clientsWithGoals.count)).toBeGreaterThan(10);
  });

  it('gives goals amounts that agree: the period amount reaches the target by the end date', async () => {
    const goals = await sql<{
      frequency: string;
      start_date: string;
      end_date: string;
      target: string;
      period: string;
      current: string;
      status: string;
      target_type: string;
    }>`select frequency, start_date::text, end_date::text, target_amount::text as target,
        period_amount::text as period, current_amount::text as current, status, target_type from goals`.execute(
      first.db,
    );
    const days = { weekly: 7, fortnightly: 14, monthly: 365.25 / 12 } as Record<string, number>;
    expect(goals.rows.length).toBeGreaterThan(10);
    for (const goal of goals.rows) {
      const span = (Date.parse(goal.end_date) - Date.parse(goal.start_date)) / 86_400_000;
      const periods = Math.floor(span / (days[goal.frequency] ?? 1));
      const reached = periods * Number(goal.period);
      expect(reached, JSON.stringify(goal)).toBeGreaterThanOrEqual(Number(goal.target));
      expect(reached - Number(goal.target), JSON.stringify(goal)).toBeLessThanOrEqual(periods);
      // Worked out from the savings account's transfers (goals/goal-progress.ts): a goal that
      // reached its target is completed, one short of it is not (an open-ended goal has none).
      if (goal.target_type !== 'open_ended') {
        if (goal.status === 'completed')
          expect(Number(goal.current), JSON.stringify(goal)).toBeGreaterThanOrEqual(Number(goal.target));
        else expect(Number(goal.current), JSON.stringify(goal)).toBeLessThan(Number(goal.target));
      }
    }
  });
});

describe('the demo data of a server', () => {
  it('is dated from the real today, so the portal’s last complete month has transactions', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      await seedDatabase(db);
      // One tenant is enough: the others count as seeded.
      await db
        .insertInto('demo_data_runs')
        .values([
          { tenant_id: 'moneypartner', generator_version: 0 },
          { tenant_id: 'waratahlabs', generator_version: 0 },
        ])
        .execute();
      const before = new Date();
      await seedDemoData(db, { clientCount: 6 });
      const after = new Date();
      const today = sydneyToday(after);

      const refreshes = await db
        .selectFrom('provider_accounts')
        .select((eb) => eb.fn.max('last_refreshed').as('latest'))
        .where('tenant_id', '=', 'waratah')
        .executeTakeFirstOrThrow();
      const latest = new Date(refreshes.latest as Date | string).getTime();
      expect(latest).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(latest).toBeLessThanOrEqual(after.getTime());

      const dates = await sql<{ latest: string; last_month: string }>`
        select max(transaction_date)::text as latest,
               count(*) filter (where transaction_date >= ${`${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`}::date
                 and transaction_date < ${`${today.slice(0, 7)}-01`}::date)::text as last_month
        from transactions where tenant_id = 'waratah'`.execute(db);
      const [row] = dates.rows;
      expect(row?.latest && row.latest >= addDays(today, -7) && row.latest <= today, row?.latest).toBe(true);
      expect(Number(row?.last_month)).toBeGreaterThan(100);

      // Consents run from dates near the real today: the active ones are in force now.
      const links = await db
        .selectFrom('client_links')
        .select(['consent_status', 'consent_expiry'])
        .where('tenant_id', '=', 'waratah')
        .where('consent_status', '=', 'active')
        .execute();
      expect(links.length).toBeGreaterThan(0);
      for (const link of links)
        expect(new Date(link.consent_expiry as Date).getTime()).toBeGreaterThan(after.getTime());
    } finally {
      await database.close();
    }
  });
});
