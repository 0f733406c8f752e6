import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import type { EnqueueOptions, JobHandler, JobQueue } from '../jobs/job-queue.ts';
import { createHolderTokenCipher, HolderTokenKeyError } from './holder-token-cipher.ts';
import {
  dueProviderAccountIds,
  enqueueRefresh,
  refreshDueJob,
  refreshJob,
  registerRefreshWorkers,
  TemporaryRefreshFailure,
} from './refresh-jobs.ts';
import { nextRefreshAfter } from './refresh-provider-account.ts';
import { fetchHeldAtAccounts } from './testing/fetch-held-at-accounts.ts';
import { holderNow, openBankingFixture } from './testing/open-banking-fixture.ts';

/** A queue that records what is enqueued and hands the registered handlers to the test. */
function recordingQueue() {
  const handlers = new Map<string, JobHandler<object>>();
  const abandonedHooks = new Map<string, (payload: object, reason: string) => Promise<void>>();
  const enqueued: { name: string; payload: object; options: EnqueueOptions | undefined }[] = [];
  const queue: JobQueue = {
    async enqueue(name, payload, options) {
      enqueued.push({ name, payload, options });
      return String(enqueued.length);
    },
    async work(name, handler, options) {
      handlers.set(name, handler as JobHandler<object>);
      if (options?.abandoned)
        abandonedHooks.set(name, options.abandoned as (payload: object, reason: string) => Promise<void>);
    },
    async stop() {},
  };
  return { queue, handlers, abandonedHooks, enqueued };
}

/** What the refresh workers use of the server: the fixture's database, `queue`, and `logError`. */
function workerApp(queue: JobQueue, logError: (...args: unknown[]) => unknown = () => undefined) {
  return {
    database: { db: fixture.db },
    jobQueue: queue,
    addHook: () => undefined,
    log: { error: logError },
    config: loadConfig({ NODE_ENV: 'test', SCHEDULED_JOBS: 'off' }),
  } as unknown as FastifyInstance;
}

let fixture: Awaited<ReturnType<typeof openBankingFixture>>;
beforeAll(async () => {
  fixture = await openBankingFixture();
});
afterAll(async () => {
  await fixture.close();
});

describe('refresh jobs', () => {
  it('backs off after temporary failures, waits for the client after needs_action', () => {
    const now = new Date('2026-11-20T00:00:00Z');
    const temporary = {
      providerAccountStatus: 'failed' as const,
      refreshStatus: 'temporary_failure' as const,
      refreshSubStatus: 'site_error' as const,
      temporary: true,
    };
    const minutes = (failures: number) =>
      ((nextRefreshAfter(temporary, failures, now)?.getTime() ?? 0) - now.getTime()) / 60_000;
    expect([1, 2, 3, 10].map(minutes)).toEqual([5, 10, 20, 360]);
    // A holder's Retry-After is waited for when it is longer than the back-off, up to a day.
    const asking = (retryAfterMs: number, failures: number) =>
      ((nextRefreshAfter({ ...temporary, retryAfterMs }, failures, now)?.getTime() ?? 0) - now.getTime()) /
      60_000;
    expect([asking(90 * 60_000, 1), asking(60_000, 3), asking(3 * 24 * 3600_000, 1)]).toEqual([
      90,
      20,
      24 * 60,
    ]);
    expect(
      nextRefreshAfter({ ...temporary, providerAccountStatus: 'needs_action', temporary: false }, 1, now),
    ).toBeNull();
  });

  it('enqueues one refresh per provider account with retries and back-off', async () => {
    const { queue, enqueued } = recordingQueue();
    await enqueueRefresh(queue, 42);
    expect(enqueued[0]).toMatchObject({
      name: refreshJob,
      payload: { providerAccountId: 42 },
      options: { singletonKey: 'provider-account-42', retryBackoff: true, retryLimit: 4 },
    });
  });

  it('throws a temporary failure so the queue retries it, and the sweep finds due refreshes', async () => {
    const { queue, handlers, enqueued } = recordingQueue();
    const app = workerApp(queue);
    await registerRefreshWorkers(app, fixture.refreshOptions);
    const { providerAccount } = await fixture.connect('outback-mutual', 'job-person');
    const refresh = handlers.get(refreshJob);
    await refresh?.({ providerAccountId: providerAccount.id }, { id: '1', attempt: 1 });

    fixture.holder.faults.set({ bank: 'outback-mutual', fault: 'outage', customerId: 'job-person' });
    try {
      await expect(
        refresh?.({ providerAccountId: providerAccount.id }, { id: '2', attempt: 1 }),
      ).rejects.toBeInstanceOf(TemporaryRefreshFailure);
    } finally {
      fixture.holder.faults.clear({ bank: 'outback-mutual' });
    }
    // On the holder's clock, which the refreshes run on: not due at once, and due again far
    // enough ahead; the sweep queues it and its own next run.
    const at = (minutes: number) => new Date(holderNow.getTime() + minutes * 60_000);
    expect(await dueProviderAccountIds(fixture.db, at(1))).not.toContain(providerAccount.id);
    expect(await dueProviderAccountIds(fixture.db, at(7 * 60))).toContain(providerAccount.id);
    enqueued.length = 0;
    await handlers.get(refreshDueJob)?.({}, { id: '3', attempt: 1 });
    expect(enqueued.map((job) => job.name)).toContain(refreshDueJob);
  });
  it('counts one failure for a job whose every attempt meets an outage: due again after 5 minutes', async () => {
    const { queue, handlers } = recordingQueue();
    await registerRefreshWorkers(workerApp(queue), fixture.refreshOptions);
    const { providerAccount } = await fixture.connect('outback-mutual', 'outage-all-attempts');
    const refresh = handlers.get(refreshJob);
    await refresh?.({ providerAccountId: providerAccount.id }, { id: '1', attempt: 1 });
    fixture.holder.faults.set({ bank: 'outback-mutual', fault: 'outage', customerId: 'outage-all-attempts' });
    try {
      // The first run and its four retries (`retryLimit` 4), each thrown for the queue.
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await expect(
          refresh?.({ providerAccountId: providerAccount.id }, { id: '2', attempt }),
        ).rejects.toBeInstanceOf(TemporaryRefreshFailure);
      }
    } finally {
      fixture.holder.faults.clear({ bank: 'outback-mutual', customerId: 'outage-all-attempts' });
    }
    const row = await fixture.db
      .selectFrom('provider_accounts')
      .select(['status', 'refresh_failures'])
      .where('id', '=', providerAccount.id)
      .executeTakeFirstOrThrow();
    // Before 2026-12-03 each attempt counted: 5 failures in a row, and the first wait 80 minutes.
    expect(row).toEqual({ status: 'failed', refresh_failures: 1 });
    const at = (minutes: number) => new Date(holderNow.getTime() + minutes * 60_000);
    expect(await dueProviderAccountIds(fixture.db, at(4))).not.toContain(providerAccount.id);
    expect(await dueProviderAccountIds(fixture.db, at(6))).toContain(providerAccount.id);
  });

  it('moves next_refresh on as it marks a refresh updating, so one whose process ends is not queued again at once', async () => {
    const { queue, handlers } = recordingQueue();
    // The holder's account list waits until released: the refresh is under way meanwhile.
    const { fetch: holding, reached, release } = fetchHeldAtAccounts(fixture.refreshOptions.fetch);
    await registerRefreshWorkers(workerApp(queue), {
      ...fixture.refreshOptions,
      fetch: holding,
      timeoutMs: 30_000,
    });
    const { providerAccount } = await fixture.connect('outback-mutual', 'mark-moves-due');
    const id = providerAccount.id;
    await fixture.db
      .updateTable('provider_accounts')
      .set({ next_refresh: holderNow })
      .where('id', '=', id)
      .execute();
    expect(await dueProviderAccountIds(fixture.db, holderNow)).toContain(id);
    const running = handlers.get(refreshJob)?.({ providerAccountId: id }, { id: '1', attempt: 1 });
    try {
      await reached;
      const marked = await fixture.db
        .selectFrom('provider_accounts')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(marked.status).toBe('updating');
      // Were the process to end here, nothing more would be written: before 2026-12-03 it was still
      // due, and every sweep (15 minutes) queued it again, for ever. Due once a failure's back-off passes.
      const at = (minutes: number) => new Date(holderNow.getTime() + minutes * 60_000);
      expect(await dueProviderAccountIds(fixture.db, holderNow)).not.toContain(id);
      expect(await dueProviderAccountIds(fixture.db, at(5))).toContain(id);
    } finally {
      release();
      await running;
    }
    // The outcome writes its own: a day on.
    const done = await fixture.db
      .selectFrom('provider_accounts')
      .select(['status', 'next_refresh'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('success');
    expect(done.next_refresh).toEqual(new Date(holderNow.getTime() + 24 * 3600_000));
  });

  it('records a refresh whose job was given up with its process as a failure in a row, backing off', async () => {
    const { queue, abandonedHooks } = recordingQueue();
    await registerRefreshWorkers(workerApp(queue), fixture.refreshOptions);
    const { providerAccount } = await fixture.connect('outback-mutual', 'abandoned-refresh');
    const id = providerAccount.id;
    const abandoned = abandonedHooks.get(refreshJob);
    const record = () =>
      fixture.db
        .selectFrom('provider_accounts')
        .select(['status', 'refresh_status', 'refresh_sub_status', 'refresh_failures', 'next_refresh'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const waits: number[] = [];
    // Each time the refresh's process ends while it is `updating` (its mark), on the job's last attempt.
    for (let time = 0; time < 2; time += 1) {
      // The mark, its due time the back-off's (at most 6 hours).
      await fixture.db
        .updateTable('provider_accounts')
        .set({ status: 'updating', next_refresh: new Date(Date.now() + 6 * 60 * 60_000) })
        .where('id', '=', id)
        .execute();
      const before = Date.now();
      await abandoned?.({ providerAccountId: id }, 'Attempt 5 stopped with its worker');
      const row = await record();
      // Before 2026-12-03 it stayed `updating`, and each sweep queued it again.
      expect(row).toMatchObject({
        status: 'failed',
        refresh_status: 'temporary_failure',
        refresh_sub_status: 'aggregation_error',
        refresh_failures: time + 1,
      });
      waits.push(Math.round(((row.next_refresh?.getTime() ?? 0) - before) / 60_000));
    }
    expect(waits).toEqual([5, 10]);
    // An adviser's refresh asked for since (due at once, the dead job still holding the
    // connection's one slot) is kept, not put off by the back-off.
    const asked = new Date();
    await fixture.db
      .updateTable('provider_accounts')
      .set({ status: 'updating', next_refresh: asked })
      .where('id', '=', id)
      .execute();
    await abandoned?.({ providerAccountId: id }, 'Attempt 5 stopped with its worker');
    expect(await record()).toMatchObject({ status: 'failed', refresh_failures: 3, next_refresh: asked });
    await fixture.db
      .updateTable('provider_accounts')
      .set({ refresh_failures: 2 })
      .where('id', '=', id)
      .execute();
    // One whose outcome was written (only the job's completion was lost) is left as it is.
    await fixture.db
      .updateTable('provider_accounts')
      .set({ status: 'success' })
      .where('id', '=', id)
      .execute();
    await abandoned?.({ providerAccountId: id }, 'Attempt 5 stopped with its worker');
    expect(await record()).toMatchObject({ status: 'success', refresh_failures: 2 });
  });

  it('leaves a refresh the holder asked to wait after to its next_refresh, without the queue’s retries', async () => {
    const { queue, handlers } = recordingQueue();
    const app = workerApp(queue);
    const tooMany = fixture.rateLimitedFetch(600);
    await registerRefreshWorkers(app, { ...fixture.refreshOptions, fetch: tooMany });
    const { providerAccount } = await fixture.connect('outback-mutual', 'rate-limited-job');
    // Before 2026-12-02 it was thrown, and the queue asked the holder again 2, 4, 8 and 16 s later.
    await expect(
      handlers.get(refreshJob)?.({ providerAccountId: providerAccount.id }, { id: '1', attempt: 1 }),
    ).resolves.toBeUndefined();
    const at = (minutes: number) => new Date(holderNow.getTime() + minutes * 60_000);
    expect(await dueProviderAccountIds(fixture.db, at(9))).not.toContain(providerAccount.id);
    expect(await dueProviderAccountIds(fixture.db, at(10))).toContain(providerAccount.id);

    // A wait shorter than the queue's retries take is retried by the queue, as any outage.
    const { queue: shortQueue, handlers: shortHandlers } = recordingQueue();
    await registerRefreshWorkers({ ...app, jobQueue: shortQueue } as unknown as FastifyInstance, {
      ...fixture.refreshOptions,
      fetch: fixture.rateLimitedFetch(2),
    });
    await expect(
      shortHandlers.get(refreshJob)?.({ providerAccountId: providerAccount.id }, { id: '2', attempt: 1 }),
    ).rejects.toBeInstanceOf(TemporaryRefreshFailure);
  });

  it('records a bank token it cannot decrypt as a failure that backs off, without a retry, and logs it', async () => {
    const { queue, handlers } = recordingQueue();
    const errors: unknown[][] = [];
    const app = workerApp(queue, (...args) => errors.push(args));
    // The workers' key is not the one the token was sealed with (a key file lost, a wrong key).
    await registerRefreshWorkers(app, {
      ...fixture.refreshOptions,
      tokens: createHolderTokenCipher(randomBytes(32)),
    });
    const { providerAccount } = await fixture.connect('outback-mutual', 'unreadable-token');
    await fixture.db
      .updateTable('provider_accounts')
      .set({ status: 'updating', next_refresh: holderNow })
      .where('id', '=', providerAccount.id)
      .execute();
    // Before 2026-12-02 the key error was thrown: the queue retried it, the connection stayed
    // `updating`, and the sweep found it due again every 15 minutes. The client is not asked to
    // connect again: the operator's key, once right, reads the token.
    await expect(
      handlers.get(refreshJob)?.({ providerAccountId: providerAccount.id }, { id: '1', attempt: 1 }),
    ).resolves.toBeUndefined();
    expect(
      await fixture.db
        .selectFrom('provider_accounts')
        .select(['status', 'refresh_status', 'refresh_sub_status', 'next_refresh'])
        .where('id', '=', providerAccount.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      status: 'failed',
      refresh_status: 'temporary_failure',
      refresh_sub_status: 'aggregation_error',
    });
    // Due again after the back-off, not at once.
    const row = await fixture.db
      .selectFrom('provider_accounts')
      .select('next_refresh')
      .where('id', '=', providerAccount.id)
      .executeTakeFirstOrThrow();
    const nextRefresh = new Date(row.next_refresh ?? 0);
    expect(await dueProviderAccountIds(fixture.db, new Date(nextRefresh.getTime() - 1))).not.toContain(
      providerAccount.id,
    );
    expect(await dueProviderAccountIds(fixture.db, nextRefresh)).toContain(providerAccount.id);
    expect(errors).toHaveLength(1);
    const [logged] = (errors[0] ?? []) as [{ err?: unknown; providerAccountId?: number }?];
    expect(logged?.providerAccountId).toBe(providerAccount.id);
    expect(logged?.err).toBeInstanceOf(HolderTokenKeyError);
  });
});
