import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';
import { migrateToLatest } from '../migrate.ts';

describe('migration 0032: when each connection was last connected', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('fills it on a database holding connections, in the transaction that adds it', async () => {
    const fixture = await signedInAdviserWithClient(testApp.app);
    const db = testApp.database.db;
    // 0032 and the migrations after it, all safe to apply again (Kysely runs them in order only).
    const { rows: applied } = await sql<{ name: string }>`
      select name from kysely_migration where name >= '0032-connected-at' order by name`.execute(db);
    expect(applied[0]?.name).toBe('0032-connected-at');
    await sql`alter table provider_accounts drop column connected_at`.execute(db);
    await sql`delete from kysely_migration where name >= '0032-connected-at'`.execute(db);
    // Before the fix the backfill's UPDATE left the practice-list triggers' deferred events
    // pending, and the ALTER after it failed ("pending trigger events").
    expect(await migrateToLatest(db)).toEqual(applied.map((row) => row.name));
    const rows = await db
      .selectFrom('provider_accounts')
      .select(['connected_at', 'created_at'])
      .where('client_id', '=', fixture.clientId)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(new Date(row.connected_at)).toEqual(new Date(row.created_at));
  });
});
