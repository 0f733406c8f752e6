import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOldestTimes } from '../../open-banking/refresh-provider-account.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import type { PlatformDatabase } from '../platform-database.ts';
import { seedDatabase } from '../seed.ts';

const name = '0035-account-transactions-synced';

describe('migration 0035: each account’s own transactions mark', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
  });
  afterAll(() => database.close());

  it('adds the column alone, and each account is read under the connection’s mark until it has its own', async () => {
    const db = database.db;
    const client = await db
      .insertInto('clients')
      .values({
        tenant_id: 'waratah',
        email: `migration-0035-${Date.now()}@example.test`,
        given_name: 'Marked',
        family_name: 'Accounts',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const provider = await db
      .insertInto('providers')
      .values({
        name: `Migration 0035 Bank ${client.id}`,
        status: 'supported',
        container_names: '["bank"]',
        small_logo_url: null,
        base_url: 'http://127.0.0.1:9/data-holder/migration-0035/cds-au/v1',
        aggregator_type: 'cdr',
        popular: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const synced = new Date('2026-11-20T03:00:00.000Z');
    const connection = async (transactionsSyncedAt: Date | null) =>
      (
        await db
          .insertInto('provider_accounts')
          .values({
            tenant_id: 'waratah',
            client_id: client.id,
            provider_id: provider.id,
            status: 'success',
            transactions_synced_at: transactionsSyncedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const full = await connection(synced);
    const neverFull = await connection(null);
    const account = async (
      providerAccountId: number,
      externalId: string | null,
      status: string,
      transactions: number,
    ) => {
      const row = await db
        .insertInto('accounts')
        .values({
          tenant_id: 'waratah',
          client_id: client.id,
          provider_account_id: providerAccountId,
          external_id: externalId,
          account_name: `Account ${externalId}`,
          container: 'bank',
          account_type: 'bank_account',
          current_balance: '10.00',
          account_status: status,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let index = 0; index < transactions; index += 1) {
        await db
          .insertInto('transactions')
          .values({
            tenant_id: 'waratah',
            client_id: client.id,
            account_id: row.id,
            amount: '-1.00',
            base_type: 'debit',
            transaction_date: '2026-11-01',
            description_original: 'MIGRATION',
            budget_category: 'living',
            external_id: `${externalId}-t${index}`,
          })
          .execute();
      }
      return row.id;
    };
    const accounts = {
      held: await account(full, 'held', 'active', 2),
      closed: await account(full, 'closed', 'closed', 1),
      // None of its transactions held (new to the consent, or its reads failed): the first window.
      empty: await account(full, 'empty', 'active', 0),
      // Left out of the holder's list: read over the first window once listed again.
      inactive: await account(full, 'inactive', 'inactive', 1),
      // A connection whose every refresh had a failed account: every account read the first window.
      neverFull: await account(neverFull, 'never-full', 'active', 1),
    };

    // 0035 and the migrations after it, all safe to apply again (Kysely runs them in order only).
    const { rows: applied } = await sql<{ name: string }>`
      select name from kysely_migration where name >= ${name} order by name`.execute(db);
    expect(applied[0]?.name).toBe(name);
    // A database as it was before 0035.
    await sql`alter table accounts drop column transactions_synced_at`.execute(db);
    await sql`delete from kysely_migration where name >= ${name}`.execute(db);

    expect(await migrateToLatest(db)).toEqual(applied.map((row) => row.name));
    const { rows: columns } = await sql<{ type: string; nullable: string; default: string | null }>`
      select data_type as type, is_nullable as nullable, column_default as default
      from information_schema.columns
      where table_name = 'accounts' and column_name = 'transactions_synced_at'`.execute(db);
    expect(columns).toEqual([{ type: 'timestamp with time zone', nullable: 'YES', default: null }]);
    const marks = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom('accounts')
            .select(['id', 'transactions_synced_at'])
            .where('client_id', '=', client.id)
            .execute()
        ).map((row) => [row.id, row.transactions_synced_at]),
      );
    // No row is written (filling every account in the migration's transaction held \`accounts\`
    // locked for every request while it ran, review 139).
    expect(Object.values(await marks())).toEqual([null, null, null, null, null]);
    const day = 24 * 3600 * 1000;
    const firstWindow = new Date('2025-01-01T00:00:00.000Z');
    const oldest = async (providerAccountId: number, connectionMark: Date | null) =>
      Object.fromEntries(await accountsOldestTimes(db, { providerAccountId, connectionMark, firstWindow }));
    // The accounts the connection's window applied to are read from it; the others from the first
    // window (left out of the map).
    expect(await oldest(full, synced)).toEqual({
      held: new Date(synced.getTime() - 14 * day),
      closed: new Date(synced.getTime() - 14 * day),
    });
    expect(await oldest(neverFull, null)).toEqual({});
    // An account's own mark, once a refresh wrote one, is its window; never before the first window.
    const read = new Date('2026-12-01T03:00:00.000Z');
    await db
      .updateTable('accounts')
      .set({ transactions_synced_at: read })
      .where('id', '=', accounts.held)
      .execute();
    await db
      .updateTable('accounts')
      .set({ transactions_synced_at: new Date('2024-06-01T00:00:00.000Z') })
      .where('id', '=', accounts.empty)
      .execute();
    expect(await oldest(full, synced)).toEqual({
      held: new Date(read.getTime() - 14 * day),
      closed: new Date(synced.getTime() - 14 * day),
      empty: firstWindow,
    });

    // Safe to apply again: a mark written since stays.
    await sql`delete from kysely_migration where name >= ${name}`.execute(db);
    expect(await migrateToLatest(db)).toEqual(applied.map((row) => row.name));
    expect((await marks())[accounts.held]).toEqual(read);
  });
});
