import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import { migrateToLatest } from './migrate.ts';
import type { PlatformDatabase } from './platform-database.ts';

describe('migrateToLatest', () => {
  let database: PlatformDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('creates the tables', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_name in ('tenants', 'app_configs')
      order by table_name`.execute(database.db);
    expect(rows.map((row) => row.table_name)).toEqual(['app_configs', 'tenants']);
  });

  it('is a no-op when run again', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('tells a current schema by reading its list of migrations alone', async () => {
    // Kysely's migrator reads the catalogue twice and takes its lock (eight statements and more).
    const sent: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        sent.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    expect(await migrateToLatest(database.db.withPlugin(counting))).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('still applies a migration not yet applied', async () => {
    // The last one, whichever it is, is safe to apply again (as every one since 0029 is).
    const { rows } = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(
      database.db,
    );
    const last = rows[0]?.name ?? '';
    expect(last).toMatch(/^\d{4}-/);
    await sql`delete from kysely_migration where name = ${last}`.execute(database.db);
    expect(await migrateToLatest(database.db)).toEqual([last]);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('gives each suspension made before 0029 its state, and a practice as its maker only when all its suspend rows are its advisers’', async () => {
    const db = database.db;
    await db
      .insertInto('tenants')
      .values({ id: 'moneypartner', name: 'Money Partner' })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    const party = await db
      .insertInto('external_parties')
      .values({
        tenant_id: 'moneypartner',
        name: 'Old Practice',
        abn: null,
        type: 'ta',
        roles: JSON.stringify([]),
        profession: null,
        credentials: JSON.stringify({}),
        address: JSON.stringify({}),
        phone: null,
        website: null,
        logo_image_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const adviser = await db
      .insertInto('admin_users')
      .values({
        tenant_id: 'moneypartner',
        email: 'old.adviser@example.test',
        given_name: 'Old',
        family_name: 'Adviser',
        mobile: null,
        permissions: JSON.stringify([]),
        roles: JSON.stringify([]),
        password_hash: null,
        email_verified_at: null,
        terms_accepted_at: null,
        external_party_id: party.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const insert = (email: string, password_hash: string | null) =>
      db
        .insertInto('clients')
        .values({
          tenant_id: 'moneypartner',
          email,
          given_name: 'Old',
          family_name: 'Suspension',
          password_hash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const operator = await db
      .insertInto('admin_users')
      .values({
        tenant_id: 'moneypartner',
        email: 'old.operator@example.test',
        given_name: 'Old',
        family_name: 'Operator',
        mobile: null,
        kind: 'operator',
        permissions: JSON.stringify([]),
        roles: JSON.stringify([]),
        password_hash: null,
        email_verified_at: null,
        terms_accepted_at: null,
        external_party_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const suspendedBy = (clientId: number, actorId: number) =>
      db
        .insertInto('audit_log')
        .values({
          tenant_id: 'moneypartner',
          actor_kind: 'admin_user',
          actor_id: actorId,
          action: 'client.suspend',
          target_type: 'client',
          target_id: String(clientId),
          client_id: clientId,
          ip: null,
        })
        .execute();
    // The invitee's suspension was the practice's (its rows say so, twice); the member's names no
    // one; the last's was the operator's, sent again by the practice (audited too before 0029).
    const invitee = await insert('old.invitee@example.test', null);
    const member = await insert('old.member@example.test', 'a-hash');
    const last = await insert('old.resent@example.test', 'a-hash');
    await suspendedBy(invitee.id, adviser.id);
    await suspendedBy(invitee.id, adviser.id);
    await suspendedBy(last.id, operator.id);
    await suspendedBy(last.id, adviser.id);
    await db
      .updateTable('clients')
      .set({
        status: 'suspended',
        suspended_from: null,
        suspended_by_party_id: null,
        suspended_by_operator: false,
      })
      .where('id', 'in', [invitee.id, member.id, last.id])
      .execute();
    // 0029 and the migrations after it, all safe to apply again (Kysely runs them in order only).
    const { rows: applied } = await sql<{ name: string }>`
      select name from kysely_migration where name >= '0029-suspended-by' order by name`.execute(db);
    expect(applied.map((row) => row.name).slice(0, 5)).toEqual([
      '0029-suspended-by',
      '0030-token-scope',
      '0031-rotation-without-key',
      '0032-connected-at',
      '0033-operators-without-practice',
    ]);
    await sql`delete from kysely_migration where name >= '0029-suspended-by'`.execute(db);
    expect(await migrateToLatest(db)).toEqual(applied.map((row) => row.name));
    const rows = await db
      .selectFrom('clients')
      .select(['suspended_from', 'suspended_by_party_id', 'suspended_by_operator'])
      .where('id', 'in', [invitee.id, member.id, last.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { suspended_from: 'invited', suspended_by_party_id: party.id, suspended_by_operator: false },
      { suspended_from: 'active', suspended_by_party_id: null, suspended_by_operator: true },
      { suspended_from: 'active', suspended_by_party_id: null, suspended_by_operator: true },
    ]);
  });

  it('keeps one partial index of the unfinished exports, 0027’s in place of 0021’s', async () => {
    const { rows } = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'document_exports' and indexname like 'document_exports_%' order by indexname`.execute(
      database.db,
    );
    const unfinished = rows.filter((row) => /where/i.test(row.definition));
    expect(unfinished.map((row) => row.name)).toEqual(['document_exports_in_progress']);
    expect(unfinished[0]?.definition).toMatch(/status = ANY \(ARRAY\['queued'::text, 'running'::text\]\)/);
  });

  it('numbers the audit log’s entries with 64-bit ids, the identity column’s sequence too', async () => {
    const { rows } = await sql<{ column: string; sequence: string; max: string }>`
      select
        (select data_type from information_schema.columns
          where table_name = 'audit_log' and column_name = 'id') as column,
        s.seqtypid::regtype::text as sequence, s.seqmax::text as max
      from pg_sequence s where s.seqrelid = pg_get_serial_sequence('audit_log', 'id')::regclass`.execute(
      database.db,
    );
    expect(rows).toEqual([{ column: 'bigint', sequence: 'bigint', max: '9223372036854775807' }]);
  });

  it('still refuses a database migrated by a newer version', async () => {
    const newer = { name: '9999-from-a-newer-version', timestamp: new Date().toISOString() };
    await sql`insert into kysely_migration (name, timestamp) values (${newer.name}, ${newer.timestamp})`.execute(
      database.db,
    );
    try {
      await expect(migrateToLatest(database.db)).rejects.toThrow(/9999-from-a-newer-version/);
    } finally {
      await sql`delete from kysely_migration where name = ${newer.name}`.execute(database.db);
    }
  });

  it('backs every foreign key whose referenced rows the platform deletes with an index', async () => {
    // Deleting a referenced row makes PostgreSQL look up its referencing rows: without an index
    // that is a scan of the whole referencing table per deleted row (housekeeping's expired
    // tokens searched every token for `rotated_from`, minutes per batch, before 0019).
    const { rows } = await sql<{ reference: string }>`
      select c.conrelid::regclass::text || '.' || a.attname as reference
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and not exists (
        select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`.execute(
      database.db,
    );
    const unindexed = rows
      .map((row) => row.reference)
      .filter((reference) => !reference.endsWith('.tenant_id'))
      .sort();
    // Tenants (every `tenant_id`), admin users (suspended, never deleted), clients, providers and
    // the category catalogue are never deleted, so these keys are never looked up.
    expect(unindexed).toEqual([
      'client_links.invited_by_admin_user_id',
      'document_exports.client_id',
      'file_imports.client_id',
      'provider_accounts.provider_id',
      'service_clients.admin_user_id',
      'transactions.category_id',
    ]);
  });

  it('refuses a second app config for the same tenant, environment and platform', async () => {
    await database.db.insertInto('tenants').values({ id: 'waratah', name: 'Waratah' }).execute();
    const row = {
      tenant_id: 'waratah',
      environment: 'production',
      platform_key: 'adviser-web-portal',
      features: '[]',
      links: '[]',
    };
    await database.db.insertInto('app_configs').values(row).execute();
    await expect(database.db.insertInto('app_configs').values(row).execute()).rejects.toThrow(/unique/i);
  });
});
