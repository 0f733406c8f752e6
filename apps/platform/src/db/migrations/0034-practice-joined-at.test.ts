import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdviser } from '../../testing/create-test-adviser.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import type { PlatformDatabase } from '../platform-database.ts';
import { seedDatabase } from '../seed.ts';

describe('migration 0034: when an account taken over from a registration joined its practice', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
  });
  afterAll(() => database.close());

  it('adds `practice_joined_at`, empty for every account there is, and keeps it when applied again', async () => {
    const db = database.db;
    const adviser = await createTestAdviser(db, {
      tenantId: 'moneypartner',
      password: 'Practice-Joined-Test-1',
      practiceStatus: 'enabled',
    });
    // 0034 and the migrations after it, all safe to apply again (Kysely runs them in order only).
    const { rows: applied } = await sql<{ name: string }>`
      select name from kysely_migration where name >= '0034-practice-joined-at' order by name`.execute(db);
    expect(applied[0]?.name).toBe('0034-practice-joined-at');
    // A database as it was before 0034.
    await sql`alter table admin_users drop column practice_joined_at`.execute(db);
    await sql`delete from kysely_migration where name >= '0034-practice-joined-at'`.execute(db);

    expect(await migrateToLatest(db)).toEqual(applied.map((row) => row.name));
    const { rows: columns } = await sql<{ type: string; nullable: string; default: string | null }>`
      select data_type as type, is_nullable as nullable, column_default as default
      from information_schema.columns
      where table_name = 'admin_users' and column_name = 'practice_joined_at'`.execute(db);
    expect(columns).toEqual([{ type: 'timestamp with time zone', nullable: 'YES', default: null }]);
    const filled = await db
      .selectFrom('admin_users')
      .select('id')
      .where('practice_joined_at', 'is not', null)
      .execute();
    expect(filled).toEqual([]);

    // Safe to apply again: a time already written stays.
    const joined = new Date('2026-12-03T08:00:00.000Z');
    await db
      .updateTable('admin_users')
      .set({ practice_joined_at: joined })
      .where('id', '=', adviser.adminUser.id)
      .execute();
    await sql`delete from kysely_migration where name >= '0034-practice-joined-at'`.execute(db);
    expect(await migrateToLatest(db)).toEqual(applied.map((row) => row.name));
    const row = await db
      .selectFrom('admin_users')
      .select('practice_joined_at')
      .where('id', '=', adviser.adminUser.id)
      .executeTakeFirstOrThrow();
    expect(row.practice_joined_at).toEqual(joined);
  });
});
