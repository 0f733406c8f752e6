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
import { holderNow, openBankingFixture } from './testing/open-banking-fixture.ts';

/** A queue that records what is enqueued and hands the registered handlers to the test. */
function recordingQueue() {
  const handlers = new Map<string, JobHandler<object>>();
  const enqueued: { name: string; payload: object; options: EnqueueOptions | undefined }[] = [];
  const queue: JobQueue = {
    async enqueue(name, payload, options) {
      enqueued.push({ name, payload, options });
      return String(enqueued.length);
    },
    async work(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async stop() {},
  };
  return { queue, handlers, enqueued };
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
