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

/** Milliseconds since the epoch, now. */
export type RateLimitClock = () => number | Promise<number>;

/**
 * The database's clock: every instance on one database reads the same time, so each starts and
 * ends a window at the same moment whatever its own clock says (one round trip a call).
 */
export function databaseClock(db: Kysely<Database>): RateLimitClock {
  return async () => {
    const { rows } = await sql<{
      now: number | string;
    }>`select extract(epoch from clock_timestamp())::float8 * 1000 as now`.execute(db);
    return Number(rows[0]?.now);
  };
}

/**
 * Fixed-window counters in PostgreSQL, so every instance on one database shares them (DESIGN §2).
 * The increment is one upsert, atomic under concurrency. Windows follow the database's clock, not
 * the instance's: instances whose clocks differ would start the hour's window apart, and one ahead
 * would delete the window one behind still counts in (a fresh count for the seconds between).
 */
export function createRateLimiter(db: Kysely<Database>, clock: RateLimitClock = databaseClock(db)) {
  async function window(rule: RateLimitRule) {
    const size = rule.windowSeconds * 1000;
    const now = await clock();
    const start = Math.floor(now / size) * size;
    return {
      start: new Date(start),
      retryAfterSeconds: Math.max(1, Math.ceil((start + size - now) / 1000)),
    };
  }

  return {
    /** The count so far in this window, without adding to it. */
    async peek(rule: RateLimitRule): Promise<RateLimitState> {
      const { start, retryAfterSeconds } = await window(rule);
      const row = await db
        .selectFrom('rate_limit_buckets')
        .select('count')
        .where('key', '=', bucketKey(rule.key))
        .where('window_start', '=', start)
        .executeTakeFirst();
      const count = Number(row?.count ?? 0);
      return { count, limited: count >= rule.limit, retryAfterSeconds };
    },

    /**
     * Takes one event off this window's count (never below zero): an attempt counted before its
     * outcome was known that turned out not to count (a right password). A window that has closed
     * since is left alone.
     */
    async release(rule: RateLimitRule): Promise<void> {
      const { start } = await window(rule);
      await db
        .updateTable('rate_limit_buckets')
        .set({ count: sql`rate_limit_buckets.count - 1` })
        .where('key', '=', bucketKey(rule.key))
        .where('window_start', '=', start)
        .where('count', '>', 0)
        .execute();
    },

    /** Counts one more event; `limited` once the count has gone past the limit. */
    async hit(rule: RateLimitRule): Promise<RateLimitState> {
      const { start, retryAfterSeconds } = await window(rule);
      const key = bucketKey(rule.key);
      const row = await db
        .insertInto('rate_limit_buckets')
        .values({ key, window_start: start, count: 1 })
        .onConflict((conflict) =>
          conflict.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_buckets.count + 1` }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      // A new window: drop this key's old ones, so the table holds only live counters.
      if (count === 1) {
        await db
          .deleteFrom('rate_limit_buckets')
          .where('key', '=', key)
          .where('window_start', '<', start)
          .execute();
      }
      return { count, limited: count > rule.limit, retryAfterSeconds };
    },
  };
}
