import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import type { JobRecord } from './job-queue.ts';
import {
  createTableJobQueue,
  maxPollBackoffMs,
  nextPollDelayMs,
  retryDelaySeconds,
  type TableJobQueue,
} from './table-job-queue.ts';
import { applyJobsMigration } from './testing/apply-jobs-migration.ts';

/** Waits until the job reaches a final state (no fixed sleeps: polls the record). */
async function settled(queue: TableJobQueue, id: string): Promise<JobRecord> {
  for (let tries = 0; tries < 400; tries++) {
    const job = await queue.read(id);
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not settle`);
}

describe('when an idle worker polls next', () => {
  it('asks at once after claiming, after the interval when idle, and backs off to 10 s after failures', () => {
    const next = (failedPolls: number, pollAgain = false) =>
      nextPollDelayMs({ failedPolls, pollIntervalMs: 1_000, pollAgain });
    expect(next(0, true)).toBe(0);
    expect(next(0)).toBe(1_000);
    expect([1, 2, 3, 4, 5, 40].map((failures) => next(failures, true))).toEqual([
      2_000, 4_000, 8_000, 10_000, 10_000, 10_000,
    ]);
    expect(maxPollBackoffMs).toBe(10_000);
    // A retry with back-off waits 2^attempt s, an hour at most.
    expect([1, 2, 11, 12, 13, 180].map((attempt) => retryDelaySeconds(attempt, true))).toEqual([
      2, 4, 2_048, 3_600, 3_600, 3_600,
    ]);
    expect(retryDelaySeconds(5, false)).toBe(0);
    // An interval longer than the cap is never shortened by a failure.
    expect(nextPollDelayMs({ failedPolls: 1, pollIntervalMs: 30_000, pollAgain: false })).toBe(30_000);
  });
});

describe('the table job queue', () => {
  let database: PlatformDatabase;
  const queues: TableJobQueue[] = [];
  const open = () => {
    const queue = createTableJobQueue(database.db, { pollIntervalMs: 20 });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await applyJobsMigration(database.db);
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await database.close();
  });

  it('shows a retry the mark its failed attempt committed, and not one it rolled back', async () => {
    const queue = open();
    const seen: unknown[] = [];
    await queue.work<{ name: string; done?: true; kept?: true }>('marked', async (payload, job) => {
      seen.push({ done: payload.done ?? false, kept: payload.kept ?? false });
      if (job.attempt > 1) return;
      await database.db.transaction().execute((trx) => queue.markPayloadKey(job.id, 'done', trx));
      await database.db
        .transaction()
        .execute(async (trx) => {
          await queue.markPayloadKey(job.id, 'kept', trx);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      throw new Error('the send failed');
    });
    queue.start();
    const id = await queue.enqueue('marked', { name: 'x' }, { retryLimit: 1 });
    expect((await settled(queue, id)).state).toBe('completed');
    expect(seen).toEqual([
      { done: false, kept: false },
      { done: true, kept: false },
    ]);
  });

  it('runs a job with its payload and records it completed', async () => {
    const queue = open();
    const seen: unknown[] = [];
    await queue.work<{ n: number }>('double', async (payload, job) => {
      seen.push({ n: payload.n, attempt: job.attempt });
    });
    queue.start();
    const id = await queue.enqueue('double', { n: 21 });
    const job = await settled(queue, id);
    expect(job).toMatchObject({ state: 'completed', attempt: 1, lastError: null });
    expect(seen).toEqual([{ n: 21, attempt: 1 }]);
  });

  it('retries up to the limit and records the reason of the last failure', async () => {
    const queue = open();
    const attempts: number[] = [];
    await queue.work('always-fails', async (_payload, job) => {
      attempts.push(job.attempt);
      throw new Error(`broken on attempt ${job.attempt}`);
    });
    queue.start();
    const id = await queue.enqueue('always-fails', {}, { retryLimit: 1 });
    const job = await settled(queue, id);
    expect(job).toMatchObject({ state: 'failed', attempt: 2, lastError: 'broken on attempt 2' });
    expect(attempts).toEqual([1, 2]);
  });

  it('succeeds on a retry after a failure', async () => {
    const queue = open();
    await queue.work('flaky', async (_payload, job) => {
      if (job.attempt === 1) throw new Error('first time unlucky');
    });
    queue.start();
    const job = await settled(queue, await queue.enqueue('flaky', {}, { retryLimit: 2 }));
    expect(job).toMatchObject({ state: 'completed', attempt: 2, lastError: 'first time unlucky' });
  });

  it('runs no more jobs of a name at once than its worker allows, while other names go on', async () => {
    const queue = open();
    let now = 0;
    let most = 0;
    const others: string[] = [];
    await queue.work(
      'one-at-a-time',
      async () => {
        now += 1;
        most = Math.max(most, now);
        await new Promise((resolve) => setTimeout(resolve, 60));
        now -= 1;
      },
      { concurrency: 1 },
    );
    await queue.work('other', async () => {
      others.push('ran');
    });
    const slow = await Promise.all([1, 2, 3].map((n) => queue.enqueue('one-at-a-time', { n })));
    const other = await queue.enqueue('other', {});
    queue.start();
    for (const id of [...slow, other]) expect(await settled(queue, id)).toMatchObject({ state: 'completed' });
    expect(most).toBe(1);
    // The other job took the queue's second slot while the three ran one by one.
    expect(others).toEqual(['ran']);
    const finished = await Promise.all(
      [...slow, other].map(async (id) => (await queue.read(id))?.completedAt),
    );
    expect(Number(finished[3])).toBeLessThan(Number(finished[2]));
  });

  it('keeps the last free slot from slow jobs, so a quick one never waits behind them', async () => {
    const queue = createTableJobQueue(database.db, { pollIntervalMs: 20, concurrency: 2 });
    queues.push(queue);
    let now = 0;
    let most = 0;
    let letGo = () => {};
    const released = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const slowWork = async () => {
      now += 1;
      most = Math.max(most, now);
      await released;
      now -= 1;
    };
    // Two slow names: their jobs together, not each name, leave the last slot.
    await queue.work('slow-holder', slowWork, { slow: true });
    await queue.work('slow-document', slowWork, { slow: true });
    await queue.work('quick-mail', async () => {});
    const slow = await Promise.all([
      queue.enqueue('slow-holder', { n: 1 }),
      queue.enqueue('slow-document', { n: 2 }),
      queue.enqueue('slow-holder', { n: 3 }),
    ]);
    const quick = await queue.enqueue('quick-mail', {});
    queue.start();
    // Done while the slow jobs still hold on: before 2026-12-03 two of them took both slots.
    expect(await settled(queue, quick)).toMatchObject({ state: 'completed' });
    expect(most).toBe(1);
    letGo();
    for (const id of slow) expect(await settled(queue, id)).toMatchObject({ state: 'completed' });
    expect(most).toBe(1);
  });

  it('keeps one waiting job per singleton key', async () => {
    const queue = open();
    const first = await queue.enqueue('refresh', { account: 1 }, { singletonKey: 'client-7' });
    const second = await queue.enqueue('refresh', { account: 1 }, { singletonKey: 'client-7' });
    const other = await queue.enqueue('refresh', { account: 2 }, { singletonKey: 'client-8' });
    expect(second).toBe(first);
    expect(other).not.toBe(first);
  });

  it('keeps one waiting job per singleton key once PostgreSQL plans the insert generically', async () => {
    // After five runs a prepared statement may get one plan for any values (db/prepared-statements.ts):
    // the insert must still find its partial unique index then.
    const queue = open();
    const ids = [];
    for (let run = 0; run < 8; run++)
      ids.push(await queue.enqueue('generic', { run }, { singletonKey: `key-${run % 2}` }));
    expect(new Set(ids).size).toBe(2);
    expect(ids.slice(2)).toEqual([ids[0], ids[1], ids[0], ids[1], ids[0], ids[1]]);
  });

  it('does not run a job before its start time', async () => {
    const queue = open();
    const runs: string[] = [];
    await queue.work('later', async () => {
      runs.push('ran');
    });
    queue.start();
    const id = await queue.enqueue('later', {}, { startAfter: new Date(Date.now() + 3_600_000) });
    const now = await queue.enqueue('later', {});
    await settled(queue, now);
    expect((await queue.read(id))?.state).toBe('created');
    expect(runs).toEqual(['ran']);
  });

  it('runs a job enqueued before a restart after it', async () => {
    const before = open();
    before.start();
    const id = await before.enqueue('after-restart', { note: 'survives' });
    await before.stop();
    expect((await before.read(id))?.state).toBe('created');

    const after = open();
    const seen: string[] = [];
    await after.work<{ note: string }>('after-restart', async (payload) => {
      seen.push(payload.note);
    });
    after.start();
    expect((await settled(after, id)).state).toBe('completed');
    expect(seen).toEqual(['survives']);
  });

  it('takes up again a job whose worker died while running it', async () => {
    const queue = open();
    let calls = 0;
    await queue.work('crashes-once', async () => {
      calls += 1;
    });
    const id = await queue.enqueue('crashes-once', {});
    // A worker that claimed the job and vanished: active with a lapsed lock.
    await database.db
      .withTables<{ jobs: { id: string; state: string; attempt: number; locked_until: Date } }>()
      .updateTable('jobs')
      .set({ state: 'active', attempt: 1, locked_until: new Date(Date.now() - 1_000) })
      .where('id', '=', id)
      .execute();
    queue.start();
    expect(await settled(queue, id)).toMatchObject({ state: 'completed', attempt: 2 });
    expect(calls).toBe(1);
  });

  it('records a job whose worker died on its last attempt as failed, with the reason', async () => {
    const queue = open();
    let calls = 0;
    const abandoned: Array<[unknown, string]> = [];
    await queue.work<{ exportId: string }>(
      'crashes-on-last-attempt',
      async () => {
        calls += 1;
      },
      { abandoned: async (payload, reason) => void abandoned.push([payload, reason]) },
    );
    const id = await queue.enqueue('crashes-on-last-attempt', { exportId: 'e-1' }, { retryLimit: 0 });
    await database.db
      .withTables<{ jobs: { id: string; state: string; attempt: number; locked_until: Date } }>()
      .updateTable('jobs')
      .set({ state: 'active', attempt: 1, locked_until: new Date(Date.now() - 1_000) })
      .where('id', '=', id)
      .execute();
    queue.start();
    expect(await settled(queue, id)).toMatchObject({
      state: 'failed',
      attempt: 1,
      lastError: 'Attempt 1 stopped with its worker (the process ended before it finished); no attempts left',
    });
    expect(calls).toBe(0);
    // The owner of the work hears of it once, so its own records (an export row) can say failed. The
    // hook runs once the failing update has answered, which the read above can see first: stopping
    // waits for the poll in flight, hook included, and no poll comes after it.
    await queue.stop();
    expect(abandoned).toEqual([
      [
        { exportId: 'e-1' },
        'Attempt 1 stopped with its worker (the process ended before it finished); no attempts left',
      ],
    ]);
  });

  it('does not run a job again when the answer to its completion is lost', async () => {
    // The completion is applied, then the connection drops before its answer (docs/reliability.md).
    let completionQuery: unknown;
    let lost = false;
    const losing: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (!lost && node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"completed"'))
          completionQuery = queryId;
        return node;
      },
      transformResult: async ({ queryId, result }) => {
        if (!lost && queryId === completionQuery) {
          lost = true;
          throw new Error('Connection terminated unexpectedly');
        }
        return result;
      },
    };
    const queue = createTableJobQueue(database.db.withPlugin(losing), { pollIntervalMs: 20 });
    queues.push(queue);
    let runs = 0;
    await queue.work('once-only', async () => {
      runs += 1;
    });
    queue.start();
    const id = await queue.enqueue('once-only', {}, { retryLimit: 2 });
    // Before 2026-11-30: recorded as a failure over its completion, and run a second time.
    expect(await settled(queue, id)).toMatchObject({ state: 'completed', attempt: 1, lastError: null });
    expect(lost).toBe(true);
    expect(runs).toBe(1);
  });

  it('leaves a job given up while its worker ran as given up, when that worker finishes', async () => {
    const queue = open();
    let finish: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    await queue.work('outlived', async () => {
      started();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    queue.start();
    const id = await queue.enqueue('outlived', {}, { retryLimit: 0 });
    await running;
    // Another instance found its lease lapsed and gave it up (its owner told it failed).
    await database.db
      .withTables<{ jobs: { id: string; state: string; last_error: string | null } }>()
      .updateTable('jobs')
      .set({ state: 'failed', last_error: 'given up' })
      .where('id', '=', id)
      .execute();
    finish();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Before 2026-11-30 the late worker recorded it completed.
    expect(await queue.read(id)).toMatchObject({ state: 'failed', lastError: 'given up' });
  });

  it('says which attempt was lost when it takes a job up again', async () => {
    const queue = open();
    await queue.work('lost-once', async () => {});
    const id = await queue.enqueue('lost-once', {});
    await database.db
      .withTables<{ jobs: { id: string; state: string; attempt: number; locked_until: Date } }>()
      .updateTable('jobs')
      .set({ state: 'active', attempt: 1, locked_until: new Date(Date.now() - 1_000) })
      .where('id', '=', id)
      .execute();
    queue.start();
    expect(await settled(queue, id)).toMatchObject({
      state: 'completed',
      attempt: 2,
      lastError: 'Attempt 1 stopped with its worker (the process ended before it finished)',
    });
  });

  it('stops within its deadline when a handler never ends, saying which job it left running', async () => {
    const errors: unknown[] = [];
    const queue = createTableJobQueue(database.db, {
      pollIntervalMs: 20,
      stopTimeoutMs: 100,
      log: { error: (object) => errors.push(object) },
    });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    await queue.work('stuck', async () => {
      started();
      await new Promise<void>(() => {});
    });
    queue.start();
    const id = await queue.enqueue('stuck', {});
    await running;
    // Before 2026-11-30 this waited for ever.
    await queue.stop();
    expect(errors).toEqual([{ jobIds: [id], stopTimeoutMs: 100 }]);
    // Left to its lease, as after a crash: still active, its attempt spent.
    expect(await queue.read(id)).toMatchObject({ state: 'active', attempt: 1 });
  });

  it('renews the lease of a running job, so a live handler keeps it however long it takes', async () => {
    const queue = createTableJobQueue(database.db, { pollIntervalMs: 20, leaseSeconds: 1 });
    queues.push(queue);
    const lockedUntil = async (id: string) =>
      (
        await database.db
          .withTables<{ jobs: { id: string; locked_until: Date | null } }>()
          .selectFrom('jobs')
          .select('locked_until')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).locked_until;
    let finish: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    await queue.work('long', async () => {
      started();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    queue.start();
    const id = await queue.enqueue('long', {});
    await running;
    const first = await lockedUntil(id);
    // Waits for the renewal itself (a third of the lease), not for a fixed time.
    let renewed = first;
    for (let tries = 0; tries < 400 && renewed?.getTime() === first?.getTime(); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      renewed = await lockedUntil(id);
    }
    expect(renewed?.getTime()).toBeGreaterThan(first?.getTime() ?? 0);
    expect((await queue.read(id))?.state).toBe('active');
    finish();
    expect(await settled(queue, id)).toMatchObject({ state: 'completed', attempt: 1 });
  });
});
