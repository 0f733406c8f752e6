import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdviser } from '../../testing/create-test-adviser.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import type { PlatformDatabase } from '../platform-database.ts';
import { seedDatabase } from '../seed.ts';

describe('migration 0033: an operator belongs to no practice', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
  });
  afterAll(() => database.close());

  it('unlinks the operators linked to a practice before 2026-12-02, and keeps any from being linked again', async () => {
    const db = database.db;
    // 0033 and the migrations after it, all safe to apply again (Kysely runs them in order only).
    const { rows: applied } = await sql<{ name: string }>`
      select name from kysely_migration where name >= '0033-operators-without-practice' order by name`.execute(
      db,
    );
    const from0033 = applied.map((row) => row.name);
    expect(from0033[0]).toBe('0033-operators-without-practice');
    // A database as it was before 0033: an operator could register a practice and be linked to it.
    await sql`alter table admin_users drop constraint if exists admin_users_operator_without_practice`.execute(
      db,
    );
    await sql`delete from kysely_migration where name >= '0033-operators-without-practice'`.execute(db);
    const password = 'Operator-Practice-Test-1';
    const tenantId = 'moneypartner';
    const linked = await createTestAdviser(db, {
      tenantId,
      password,
      practiceStatus: 'enabled',
      kind: 'operator',
    });
    const adviser = await createTestAdviser(db, { tenantId, password, practiceStatus: 'enabled' });
    const partyId = linked.externalParty?.id ?? 0;

    expect(await migrateToLatest(db)).toEqual(from0033);
    const rows = await db
      .selectFrom('admin_users')
      .select(['id', 'kind', 'external_party_id'])
      .where('id', 'in', [linked.adminUser.id, adviser.adminUser.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: linked.adminUser.id, kind: 'operator', external_party_id: null },
      { id: adviser.adminUser.id, kind: 'adviser', external_party_id: adviser.externalParty?.id },
    ]);
    // The practice stays, and an adviser may still join it; an operator may not.
    await expect(
      db
        .updateTable('admin_users')
        .set({ external_party_id: partyId })
        .where('id', '=', linked.adminUser.id)
        .execute(),
    ).rejects.toThrow(/admin_users_operator_without_practice/);
    await expect(
      createTestAdviser(db, { tenantId, password, practiceStatus: 'enabled', kind: 'operator' }),
    ).rejects.toThrow(/admin_users_operator_without_practice/);
    await db
      .updateTable('admin_users')
      .set({ external_party_id: partyId })
      .where('id', '=', adviser.adminUser.id)
      .execute();
    // Safe to apply again.
    await sql`delete from kysely_migration where name >= '0033-operators-without-practice'`.execute(db);
    expect(await migrateToLatest(db)).toEqual(from0033);
  });
});
