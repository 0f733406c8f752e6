import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';

export interface RateLimitRule {
  /** What is counted, e.g. `sign-in:account:moneypartner:ann@example.com`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitState {
  count: number;
  limited: boolean;
  /** Seconds until the current window closes and the count starts again. */
  retryAfterSeconds: number;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Keys longer than this are stored as their hash. */
const maxStoredKeyLength = 200;

/**
 * The key as stored: itself, or past 200 characters its SHA-256. A key holds what the caller typed
 * (a sign-in's username): one of a few thousand characters was past the primary key index's row
 * limit, and the insert failed (a 500 instead of the refusal, before 2026-11-30); and no caller
 * may store kilobytes per request in the table.
 */
export function bucketKey(key: string): string {
  if (key.length <= maxStoredKeyLength) return key;
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Fixed-window counters in PostgreSQL, so every instance on one database shares them (DESIGN §2).
 * The increment is one upsert, atomic under concurrency. Windows follow the database's clock (each
 * statement's time), not the instance's: instances whose clocks differed started the hour's window
 * apart, and the one ahead deleted the window the one behind still counted in (a fresh count for
 * the seconds between, before 2026-12-01). `clock` (milliseconds since the epoch) stands in for the
 * database's in tests.
 */
export function createRateLimiter(db: Kysely<Database>, clock?: () => number) {
  /** The window holding this moment: its start, and the whole seconds until it ends (at least 1). */
  function window(rule: RateLimitRule) {
    const now = clock ? sql`${new Date(clock())}::timestamptz` : sql`statement_timestamp()`;
    const size = sql.lit(rule.windowSeconds);
    const elapsed = sql`extract(epoch from ${now})`;
    return {
      start: sql<Date>`to_timestamp(floor(${elapsed} / ${size}) * ${size})`,
      retryAfterSeconds: sql<number>`greatest(1, ceil(floor(${elapsed} / ${size}) * ${size} + ${size} - ${elapsed}))::int`,
    };
  }

  return {
    /** The count so far in this window, without adding to it. */
    async peek(rule: RateLimitRule): Promise<RateLimitState> {
      const { start, retryAfterSeconds } = window(rule);
      const { rows } = await sql<{ count: number | null; retry_after: number }>`select
        (select count from rate_limit_buckets where key = ${bucketKey(rule.key)} and window_start = ${start}) as count,
        ${retryAfterSeconds} as retry_after`.execute(db);
      const count = Number(rows[0]?.count ?? 0);
      return { count, limited: count >= rule.limit, retryAfterSeconds: Number(rows[0]?.retry_after) };
    },

    /**
     * Takes one event off this window's count (never below zero): an attempt counted before its
     * outcome was known that turned out not to count (a right password). A window that has closed
     * since is left alone.
     */
    async release(rule: RateLimitRule): Promise<void> {
      await db
        .updateTable('rate_limit_buckets')
        .set({ count: sql`rate_limit_buckets.count - 1` })
        .where('key', '=', bucketKey(rule.key))
        .where('window_start', '=', window(rule).start)
        .where('count', '>', 0)
        .execute();
    },

    /** Counts one more event; `limited` once the count has gone past the limit. */
    async hit(rule: RateLimitRule): Promise<RateLimitState> {
      const { start, retryAfterSeconds } = window(rule);
      const key = bucketKey(rule.key);
      const row = await db
        .insertInto('rate_limit_buckets')
        .values({ key, window_start: start, count: 1 })
        .onConflict((conflict) =>
          conflict.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_buckets.count + 1` }),
        )
        .returning(['count', 'window_start', retryAfterSeconds.as('retry_after')])
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      // A new window: drop this key's old ones, so the table holds only live counters.
      if (count === 1) {
        await db
          .deleteFrom('rate_limit_buckets')
          .where('key', '=', key)
          .where('window_start', '<', row.window_start)
          .execute();
      }
      return { count, limited: count > rule.limit, retryAfterSeconds: Number(row.retry_after) };
    },
  };
}
