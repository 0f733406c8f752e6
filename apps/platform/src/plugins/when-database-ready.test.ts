import { describe, expect, it, vi } from 'vitest';
import { createReadiness } from './readiness.ts';
import { whenDatabaseReady } from './when-database-ready.ts';

function fakeApp() {
  return { readiness: createReadiness(), log: { error: vi.fn() } };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('whenDatabaseReady', () => {
  it('runs the task once the database is ready, and at once when it already is', async () => {
    const app = fakeApp();
    const task = vi.fn(async () => {});
    await whenDatabaseReady(app as never, 'the task', task);
    await turn();
    expect(task).not.toHaveBeenCalled();
    app.readiness.markReady();
    await turn();
    expect(task).toHaveBeenCalledTimes(1);

    const later = vi.fn(async () => {});
    await whenDatabaseReady(app as never, 'a later task', later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('logs a failure without passing it on', async () => {
    const app = fakeApp();
    app.readiness.markReady();
    const failure = new Error('no table');
    await whenDatabaseReady(app as never, 'the sweep', () => Promise.reject(failure));
    expect(app.log.error).toHaveBeenCalledWith({ err: failure }, 'the sweep failed');
  });

  it('starts nothing once the app has begun to close (a stop right after the start)', async () => {
    const app = fakeApp();
    const task = vi.fn(async () => {});
    await whenDatabaseReady(app as never, 'the task', task);
    await app.readiness.close();
    app.readiness.markReady();
    await turn();
    expect(task).not.toHaveBeenCalled();
    await whenDatabaseReady(app as never, 'a later task', task);
    expect(task).not.toHaveBeenCalled();
  });

  it('closing waits for a task that has started, so it never meets a closed database', async () => {
    const app = fakeApp();
    app.readiness.markReady();
    let finish: () => void = () => {};
    const events: string[] = [];
    void whenDatabaseReady(app as never, 'the task', async () => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      events.push('task done');
    });
    const closed = app.readiness.close().then(() => events.push('closed'));
    await turn();
    expect(events).toEqual([]);
    finish();
    await closed;
    expect(events).toEqual(['task done', 'closed']);
  });
});
