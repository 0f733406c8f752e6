import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/create-database.ts';
import { StartupError } from '../errors/startup-error.ts';
import { lockDataDir, lockFileName } from './data-dir-lock.ts';

describe('the data dir at start', () => {
  const made: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'waratah-lock-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is locked by one process and released on close', async () => {
    const dir = dataDir();
    const release = await lockDataDir(dir);
    expect(readFileSync(join(dir, lockFileName), 'utf8').split('\n')[0]).toBe(String(process.pid));
    await release();
    expect(existsSync(join(dir, lockFileName))).toBe(false);
  });

  it('refuses a second process while the first runs, naming its pid and what to do', async () => {
    const dir = dataDir();
    // This test process is alive: the lock is held by a running process.
    await lockDataDir(dir, process.pid);
    const error = await lockDataDir(dir, process.pid + 1).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      `DATA_DIR: the embedded database in ${dir} is in use by another platform process (pid ${process.pid}); stop it first, or start this one with another DATA_DIR (or DATABASE_URL)`,
    );
  });

  it('takes over a lock left by a process that was killed', async () => {
    const dir = dataDir();
    // A pid that has certainly exited: a child that ran and ended.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(join(dir, lockFileName), `${gone.stdout}\n`);
    const release = await lockDataDir(dir);
    expect(readFileSync(join(dir, lockFileName), 'utf8').split('\n')[0]).toBe(String(process.pid));
    await release();
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose pid now belongs to another process, and only then',
    async () => {
      const dir = dataDir();
      const file = join(dir, lockFileName);
      // A running process that is not a platform.
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
      try {
        const pid = other.pid as number;
        // Written by that process itself (lockDataDir with its pid records which process it is).
        await lockDataDir(dir, pid);
        const [, identity = ''] = readFileSync(file, 'utf8').split('\n');
        expect(identity).toMatch(/^[0-9a-f-]{36} \d+$/);
        await expect(lockDataDir(dir)).rejects.toThrow(`in use by another platform process (pid ${pid})`);
        // Written by an earlier process of the same pid (another start, in the same boot), as a
        // container restarted after a crash hands the same pid out again.
        const [bootId, startTicks] = identity.split(' ');
        writeFileSync(file, `${pid}\n${bootId} ${Number(startTicks) - 1}\n`);
        const release = await lockDataDir(dir);
        expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(String(process.pid));
        await release();
        // Written without saying which process (an earlier version): never taken from a running one.
        writeFileSync(file, `${pid}\n`);
        await expect(lockDataDir(dir)).rejects.toThrow(`in use by another platform process (pid ${pid})`);
      } finally {
        other.kill('SIGKILL');
      }
    },
  );

  it('names DATA_DIR and the folder when the embedded database is damaged', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'pglite', 'global'), { recursive: true });
    writeFileSync(join(dir, 'pglite', 'PG_VERSION'), '17\n');
    writeFileSync(join(dir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192, 0xab));
    const error = await createDatabase({ dataDir: dir, databaseUrl: undefined }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(
      new RegExp(`^DATA_DIR: could not open the embedded database in ${join(dir, 'pglite')} \\(.+\\)$`),
    );
  });
});
