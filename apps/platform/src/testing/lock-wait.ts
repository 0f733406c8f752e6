import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/**
 * Tests only (PostgreSQL): resolves once some statement of this database waits on a lock (at
 * least `count` of them), the sign that a request under test has met a row the test holds open on
 * another connection. Throws after about 5 s with `never`, what the test took as not happening.
 */
export async function waitForALockWait<Tables>(db: Kysely<Tables>, never: string, count = 1): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(never);
}

/**
 * Tests only (PostgreSQL): holds `table` locked against writes (reads go on) on a connection of its
 * own until `release`, which waits for that transaction to end. Resolves once the lock is taken; a
 * lock that cannot be taken rejects with its error rather than leaving the test waiting.
 */
export async function holdTableLocked(
  db: Kysely<Database>,
  table: 'audit_log',
): Promise<{ release: () => Promise<void> }> {
  return holdLocked(db, (trx) =>
    sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx),
  );
}

/**
 * Tests only (PostgreSQL): runs `lock` (a `select … for update`, a `lock table`) in a transaction on
 * a connection of its own and holds what it took until `release`, which runs `beforeCommit` in that
 * transaction (a change made while others wait) and waits for it to end. Resolves once the lock is
 * taken; a lock that cannot be taken rejects with its error rather than leaving the test waiting.
 */
export async function holdLocked<Tables>(
  db: Kysely<Tables>,
  lock: (trx: Kysely<Tables>) => Promise<unknown>,
  beforeCommit?: (trx: Kysely<Tables>) => Promise<unknown>,
): Promise<{ release: () => Promise<void> }> {
  let letGo = () => {};
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let locked = () => {};
  const held = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holding = db.transaction().execute(async (trx) => {
    await lock(trx);
    locked();
    await released;
    await beforeCommit?.(trx);
  });
  await Promise.race([held, holding]);
  return {
    async release() {
      letGo();
      await holding;
    },
  };
}

/** Tests only: the first to settle of `work` and a deadline of `ms`, which answers 'waited'. */
export async function withinOrWaited<T>(work: Promise<T>, ms: number): Promise<T | 'waited'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<'waited'>((resolve) => {
        timer = setTimeout(() => resolve('waited'), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
