import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { bucketKey, createRateLimiter } from './rate-limiter.ts';

describe('createRateLimiter', () => {
  let database: PlatformDatabase;
  let clock = Date.UTC(2026, 0, 1, 10, 15);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts per key and window, and says when the window ends', async () => {
    const limiter = createRateLimiter(database.db, () => clock);
    const rule = { key: 'test:a', limit: 2, windowSeconds: 3600 };
    expect(await limiter.hit(rule)).toEqual({ count: 1, limited: false, retryAfterSeconds: 45 * 60 });
    await limiter.hit(rule);
    expect((await limiter.peek(rule)).limited).toBe(true);
    expect((await limiter.hit(rule)).limited).toBe(true);
    expect((await limiter.peek({ ...rule, key: 'test:b' })).count).toBe(0);

    clock += 3600 * 1000;
    expect(await limiter.hit(rule)).toMatchObject({ count: 1, limited: false });
    const rows = await database.db
      .selectFrom('rate_limit_buckets')
      .selectAll()
      .where('key', '=', 'test:a')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('starts and ends windows by the database’s clock, whatever the instance’s says', async () => {
    const hour = 3600 * 1000;
    const databaseHour = async () => {
      const { rows } = await sql<{
        start: Date;
      }>`select date_trunc('hour', clock_timestamp(), 'UTC') as start`.execute(database.db);
      return new Date(rows[0]?.start ?? 0).getTime();
    };
    // Hit, peek and release must fall in one hour of the database's clock: within 5 s of the
    // hour's end, wait for the next one.
    const { rows: left } = await sql<{
      ms: number;
    }>`select extract(epoch from date_trunc('hour', clock_timestamp(), 'UTC') + interval '1 hour' - clock_timestamp())::float8 * 1000 as ms`.execute(
      database.db,
    );
    const toHourEnd = Number(left[0]?.ms);
    if (toHourEnd < 5000) await new Promise((resolve) => setTimeout(resolve, toHourEnd + 100));
    const before = await databaseHour();
    // This instance's clock runs two hours ahead (PGlite, inside this process, reads it too).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * hour });
    try {
      const limiter = createRateLimiter(database.db);
      const rule = { key: 'test:clock', limit: 5, windowSeconds: 3600 };
      const state = await limiter.hit(rule);
      // Read at once: the wait it answered is rounded up to a second, from the moment of the hit.
      const { rows } = await sql<{
        now: number;
      }>`select extract(epoch from clock_timestamp())::float8 * 1000 as now`.execute(database.db);
      const databaseNow = Number(rows[0]?.now);
      const after = await databaseHour();
      const stored = await database.db
        .selectFrom('rate_limit_buckets')
        .select('window_start')
        .where('key', '=', rule.key)
        .executeTakeFirstOrThrow();
      const start = new Date(stored.window_start).getTime();
      expect([before, after]).toContain(start);
      expect(start + hour - databaseNow).toBeGreaterThan((state.retryAfterSeconds - 2) * 1000);
      expect(start + hour - databaseNow).toBeLessThanOrEqual(state.retryAfterSeconds * 1000);
      expect((await limiter.peek(rule)).count).toBe(1);
      await limiter.release(rule);
      expect((await limiter.peek(rule)).count).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a key of any length, storing a long one as its hash', async () => {
    // Random, so that it does not compress: past the primary key index's row limit (2.7 KB), the
    // insert failed, and a sign-in with such a username was a 500 (before 2026-11-30).
    const long = (seed: string) =>
      `sign-in:account:moneypartner:${seed}${randomBytes(6000).toString('base64')}`;
    const limiter = createRateLimiter(database.db, () => clock);
    const rule = { key: long('a'), limit: 1, windowSeconds: 3600 };
    expect((await limiter.hit(rule)).count).toBe(1);
    expect(await limiter.hit(rule)).toMatchObject({ count: 2, limited: true });
    expect((await limiter.peek(rule)).count).toBe(2);
    await limiter.release(rule);
    expect((await limiter.peek(rule)).count).toBe(1);
    expect((await limiter.peek({ ...rule, key: long('b') })).count).toBe(0);
    const stored = await database.db
      .selectFrom('rate_limit_buckets')
      .select('key')
      .where('key', '=', bucketKey(rule.key))
      .executeTakeFirstOrThrow();
    expect(stored.key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(bucketKey('sign-in:ip:203.0.113.7')).toBe('sign-in:ip:203.0.113.7');
  });

  it('takes an event off the current window, never below zero, and leaves a closed window alone', async () => {
    const limiter = createRateLimiter(database.db, () => clock);
    const rule = { key: 'test:release', limit: 5, windowSeconds: 3600 };
    await limiter.hit(rule);
    await limiter.hit(rule);
    await limiter.release(rule);
    expect((await limiter.peek(rule)).count).toBe(1);
    await limiter.release(rule);
    await limiter.release(rule);
    expect((await limiter.peek(rule)).count).toBe(0);
    await limiter.hit(rule);
    clock += 3600 * 1000;
    await limiter.release(rule);
    clock -= 3600 * 1000;
    expect((await limiter.peek(rule)).count).toBe(1);
  });
});
