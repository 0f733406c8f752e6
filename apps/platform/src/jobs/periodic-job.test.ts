import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueueForNextSlot, keepNextSlotQueued, nextSlot, runSlot } from './periodic-job.ts';

describe('nextSlot', () => {
  it('is the start of the first slot after now, the same on every instance', () => {
    expect(nextSlot(new Date('2026-11-28T15:40:34.500Z'), 15)).toEqual(new Date('2026-11-28T15:45:00.000Z'));
    expect(nextSlot(new Date('2026-11-28T15:40:34.500Z'), 60)).toEqual(new Date('2026-11-28T16:00:00.000Z'));
    // A time on a boundary belongs to the slot it starts: the next one is a whole period later.
    expect(nextSlot(new Date('2026-11-28T16:00:00.000Z'), 60)).toEqual(new Date('2026-11-28T17:00:00.000Z'));
  });

  it('queues the job under the slot’s singleton key, not before the slot', async () => {
    const enqueued: unknown[] = [];
    const queue = {
      enqueue: async (...args: unknown[]) => {
        enqueued.push(args);
        return 'job-1';
      },
    };
    await enqueueForNextSlot(
      queue,
      { name: 'sweep', minutes: 60, retry: { retryLimit: 1 } },
      new Date('2026-11-28T15:40:00Z'),
    );
    expect(enqueued).toEqual([
      [
        'sweep',
        { slot: '2026-11-28T16:00:00.000Z' },
        {
          singletonKey: 'slot-2026-11-28T16:00:00.000Z',
          startAfter: new Date('2026-11-28T16:00:00.000Z'),
          retryLimit: 1,
        },
      ],
    ]);
  });
});

describe('runSlot', () => {
  const job = { name: 'sweep', minutes: 60, retry: { retryLimit: 2 } };
  const recordingQueue = () => {
    const slots: string[] = [];
    return {
      slots,
      enqueue: async (_name: string, _payload: object, options?: { singletonKey?: string }) => {
        slots.push(options?.singletonKey ?? '');
        return 'job-2';
      },
    };
  };
  const log = { error: vi.fn() };
  afterEach(() => {
    vi.useRealTimers();
    log.error.mockReset();
  });

  it('queues the next slot when the run fails too, and still fails the run so the queue retries it', async () => {
    // Before 2026-11-30 one sweep failing its last attempt (a database blip) ended the chain.
    vi.useFakeTimers({ now: new Date('2026-11-30T01:00:02Z'), toFake: ['Date'] });
    const queue = recordingQueue();
    const failing = async () => {
      throw new Error('connection terminated');
    };
    await expect(runSlot(queue, job, { slot: '2026-11-30T01:00:00.000Z' }, failing, log)).rejects.toThrow(
      'connection terminated',
    );
    expect(queue.slots).toEqual(['slot-2026-11-30T02:00:00.000Z']);
  });

  it('counts the next slot from its own when this process’s clock is behind the database’s', async () => {
    // Due by the database's clock at 01:00:00; here it is still 00:59:59.5. Counted from this
    // clock the next slot was 01:00, the running job's own key: the chain ended silently.
    vi.useFakeTimers({ now: new Date('2026-11-30T00:59:59.500Z'), toFake: ['Date'] });
    const queue = recordingQueue();
    await runSlot(queue, job, { slot: '2026-11-30T01:00:00.000Z' }, async () => {}, log);
    expect(queue.slots).toEqual(['slot-2026-11-30T02:00:00.000Z']);
    // A job queued before slots were in the payload counts from now.
    await runSlot(queue, job, {}, async () => {}, log);
    expect(queue.slots.at(-1)).toBe('slot-2026-11-30T01:00:00.000Z');
  });

  it('logs a failure to queue the next slot rather than repeating a run that succeeded', async () => {
    const run = vi.fn(async () => {});
    const broken = {
      enqueue: async () => {
        throw new Error('database unavailable');
      },
    };
    await runSlot(broken, job, { slot: '2026-11-30T01:00:00.000Z' }, run, log);
    expect(run).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'sweep' }),
      'periodic job: could not queue the next slot',
    );
  });
});

describe('keepNextSlotQueued', () => {
  afterEach(() => vi.useRealTimers());

  /** An app whose queue records the slots asked for, and whose hooks the test runs. */
  const fakeApp = (scheduledJobs = true) => {
    const slots: string[] = [];
    const hooks = new Map<string, () => Promise<void>>();
    const app = {
      jobQueue: {
        enqueue: async (_name: string, payload: object) => {
          slots.push((payload as { slot: string }).slot);
          return 'job-1';
        },
      },
      addHook: (name: string, hook: () => Promise<void>) => hooks.set(name, hook),
      log: { error: vi.fn() },
      readiness: { isReady: () => true, track: <T>(task: () => Promise<T>) => task() },
      config: { scheduledJobs },
    } as unknown as Parameters<typeof keepNextSlotQueued>[0];
    return { app, slots, hooks };
  };

  it('queues the next slot when the database is ready and again once a period, until the app closes', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T01:10:00Z') });
    const { app, slots, hooks } = fakeApp();
    keepNextSlotQueued(app, { name: 'sweep', minutes: 60, retry: {} }, 'scheduling the sweep');
    await hooks.get('onReady')?.();
    expect(slots).toEqual(['2026-11-30T02:00:00.000Z']);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(slots).toEqual(['2026-11-30T02:00:00.000Z', '2026-11-30T03:00:00.000Z']);
    await hooks.get('onClose')?.();
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(slots).toHaveLength(2);
  });

  it('looks a minute ahead: a slot about to start by this clock is not queued again', async () => {
    // 30 s before 02:00 by this clock, which may be behind the database's, by which the 02:00 job
    // has run and ended already: queued again, it ran twice.
    vi.useFakeTimers({ now: new Date('2026-11-30T01:59:30Z') });
    const { app, slots, hooks } = fakeApp();
    keepNextSlotQueued(app, { name: 'sweep', minutes: 60, retry: {} }, 'scheduling the sweep');
    await hooks.get('onReady')?.();
    expect(slots).toEqual(['2026-11-30T03:00:00.000Z']);
    await hooks.get('onClose')?.();
  });

  it('queues no slot with SCHEDULED_JOBS=off', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T01:10:00Z') });
    const { app, slots, hooks } = fakeApp(false);
    keepNextSlotQueued(app, { name: 'sweep', minutes: 60, retry: {} }, 'scheduling the sweep');
    expect(hooks.size).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(slots).toEqual([]);
  });
});
