import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/**
 * Tests only (PostgreSQL): resolves once some statement of this database waits on a lock, the
 * sign that a request under test has met a row the test holds open on another connection. Throws
 * after about 5 s with `never`, what the test took as not happening.
 */
export async function waitForALockWait(db: Kysely<Database>, never: string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(never);
}
