import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { createRateLimiter } from './rate-limiter.ts';

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
