import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cpuMillis, databaseBusy, waitForRest } from './processes.ts';

describe('cpuMillis', () => {
  it("reads a process's CPU time from /proc, growing as it works", () => {
    const before = cpuMillis(process.pid);
    expect(before).toBeGreaterThan(0);
    // 120 ms of this process's CPU by Node's own count, however busy the machine.
    const started = process.cpuUsage();
    let spin = 0;
    while (elapsedMillis(process.cpuUsage(started)) < 120) spin += Math.sqrt(spin + 1);
    expect(spin).toBeGreaterThan(0);
    // Counted in ticks of 10 ms, a tick or two either side.
    expect(cpuMillis(process.pid) - before).toBeGreaterThanOrEqual(100);
  });

  it("reads the main thread's alone: not a worker thread's", async () => {
    const { Worker } = await import('node:worker_threads');
    const main = cpuMillis(process.pid, { mainThread: true });
    const whole = cpuMillis(process.pid);
    expect(main).toBeGreaterThan(0);
    expect(main).toBeLessThanOrEqual(whole);
    // 200 ms of CPU on a worker thread: the process's time grows by it, the main thread's does not.
    const worker = new Worker(
      'const s = process.cpuUsage(); let x = 0; while ((process.cpuUsage(s).user + process.cpuUsage(s).system) < 200000) x += 1;',
      { eval: true },
    );
    await new Promise((resolve) => worker.once('exit', resolve));
    expect(cpuMillis(process.pid) - whole).toBeGreaterThanOrEqual(150);
    expect(cpuMillis(process.pid, { mainThread: true }) - main).toBeLessThan(100);
  });

  it('is NaN for a process that is not there', () => {
    expect(cpuMillis(2 ** 30)).toBeNaN();
    expect(cpuMillis(undefined)).toBeNaN();
  });
});

function elapsedMillis({ user, system }: NodeJS.CpuUsage): number {
  return (user + system) / 1000;
}

describe('waitForRest', () => {
  it('waits while a process works, and answers once it has been quiet for the window', async () => {
    const { spawn } = await import('node:child_process');
    // Busy for 600 ms of CPU, then idle until killed.
    const child = spawn(process.execPath, [
      '-e',
      'const s = process.cpuUsage(); let x = 0; while ((process.cpuUsage(s).user + process.cpuUsage(s).system) < 600000) x += 1; setInterval(() => {}, 1000);',
    ]);
    try {
      const busy = await waitForRest(child.pid, { windowMs: 1_000, timeoutMs: 60_000 });
      expect(busy.atRest).toBe(true);
      // At rest only once its work was done: the 600 ms of CPU are behind it (ticks of 10 ms),
      // however slowly a loaded machine let it run. (Comparing the two waits' lengths, as until
      // 2026-12-03, failed on a loaded machine: the quiet one waited 1.9 s, the busy one 1.7 s.)
      expect(cpuMillis(child.pid)).toBeGreaterThanOrEqual(590);
      const idle = await waitForRest(child.pid, { windowMs: 1_000, timeoutMs: 60_000 });
      expect(idle.atRest).toBe(true);
      expect(idle.waitedMs).toBeGreaterThanOrEqual(1_000);
    } finally {
      child.kill();
    }
  }, 150_000);

  it('gives up at its timeout, and at once for a process that is not there', async () => {
    const spinning = await import('node:child_process').then(({ spawn }) =>
      spawn(process.execPath, ['-e', 'for (;;) {}']),
    );
    try {
      const result = await waitForRest(spinning.pid, { windowMs: 500, timeoutMs: 1_500 });
      expect(result).toMatchObject({ atRest: false });
      expect(result.waitedMs).toBeGreaterThanOrEqual(1_500);
    } finally {
      spinning.kill();
    }
    expect(await waitForRest(2 ** 30)).toMatchObject({ atRest: false, gone: true });
  });
});

// On PostgreSQL only: the server's own work is what is watched.
describe.skipIf(!process.env.DATABASE_URL)('waitForRest on a database', () => {
  it('waits while a statement of another session runs on the database', async () => {
    const serverUrl = process.env.DATABASE_URL as string;
    const name = `waratah_rest_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    const watcher = new pg.Client({ connectionString: url.toString() });
    await watcher.connect();
    try {
      expect(await databaseBusy(watcher)).toBe(false);
      // This process is at rest; the database is not, for 2 s.
      const sleeping = other.query('select pg_sleep(2)');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await databaseBusy(watcher)).toBe(true);
      const rest = await waitForRest(process.pid, {
        database: url.toString(),
        windowMs: 500,
        maxShare: 1,
        timeoutMs: 20_000,
      });
      await sleeping;
      expect(rest.atRest).toBe(true);
      // The statement's remaining 1.8 s, then the quiet window.
      expect(rest.waitedMs).toBeGreaterThanOrEqual(1_800);
    } finally {
      await watcher.end();
      await other.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
