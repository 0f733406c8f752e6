import { describe, expect, it } from 'vitest';
import { enqueueForNextSlot, nextSlot } from './periodic-job.ts';

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
        {},
        {
          singletonKey: 'slot-2026-11-28T16:00:00.000Z',
          startAfter: new Date('2026-11-28T16:00:00.000Z'),
          retryLimit: 1,
        },
      ],
    ]);
  });
});
