import { describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_MAX_AGE_MS, noEarlyAnswer, requestEarly } from './early-answer.ts';

describe('requestEarly', () => {
  it('asks at once and hands the answer over once', async () => {
    const request = vi.fn().mockResolvedValue('ada');
    const early = requestEarly(request);

    expect(request).toHaveBeenCalledTimes(1);
    await expect(early.take()).resolves.toBe('ada');
    expect(early.take()).toBeUndefined();
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('is gone once older than its age limit, or dropped', () => {
    let time = 1_000;
    const old = requestEarly(() => Promise.resolve('ada'), { now: () => time });
    time += EARLY_ANSWER_MAX_AGE_MS + 1;
    expect(old.take()).toBeUndefined();

    const dropped = requestEarly(() => Promise.resolve('ada'));
    dropped.drop();
    expect(dropped.take()).toBeUndefined();
  });

  it('hands a failure over as a failure, and an untaken failure is no unhandled rejection', async () => {
    const failed = requestEarly(() => Promise.reject(new Error('offline')));
    await expect(failed.take()).rejects.toThrow('offline');

    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    requestEarly(() => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('has nothing when nothing was asked early', () => {
    expect(noEarlyAnswer.take()).toBeUndefined();
  });
});
