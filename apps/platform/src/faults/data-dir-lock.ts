import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupError } from '../errors/startup-error.ts';

export const lockFileName = 'platform.pid';

/**
 * One platform process per embedded database: PGlite has no lock of its own, and two processes
 * writing one data directory would corrupt it. The lock is a file naming the owner's pid; one
 * left by a process that is gone (`kill -9`, a crash, a power cut) is taken over, so a restart
 * never needs a hand. So is one whose pid now belongs to a process started after the file was
 * written (a container restarted after a crash hands out the same small pids again): that process
 * cannot be the one that wrote it. Answers a function that releases it.
 */
export async function lockDataDir(dataDir: string, pid: number = process.pid): Promise<() => Promise<void>> {
  const file = join(dataDir, lockFileName);
  await mkdir(dataDir, { recursive: true }).catch(() => {});
  for (let tries = 0; tries < 2; tries += 1) {
    try {
      await writeFile(file, `${pid}\n`, { flag: 'wx' });
      return async () => {
        if ((await readOwner(file)) === pid) await rm(file, { force: true });
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) {
        throw new StartupError(`DATA_DIR: cannot write the lock file ${file} (${String(error)})`, {
          cause: error,
        });
      }
    }
    const owner = await readOwner(file);
    if (
      owner !== undefined &&
      owner !== pid &&
      isRunning(owner) &&
      !(await startedAfterWriting(owner, file))
    ) {
      throw new StartupError(
        `DATA_DIR: the embedded database in ${dataDir} is in use by another platform process (pid ${owner}); stop it first, or start this one with another DATA_DIR (or DATABASE_URL)`,
      );
    }
    // Left behind by a process that is gone: take it over.
    await rm(file, { force: true });
  }
  throw new StartupError(`DATA_DIR: could not take the lock ${file}; is another platform starting on it?`);
}

async function readOwner(file: string): Promise<number | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Whether process `pid` started after `file` was last written (Linux: its start time from
 * `/proc`); false when that cannot be told, so a lock is never taken from a process that may own it.
 */
async function startedAfterWriting(pid: number, file: string): Promise<boolean> {
  try {
    const written = (await stat(file)).mtimeMs;
    // Field 22 of /proc/<pid>/stat: clock ticks from boot to the start. The fields after the
    // command's name, which may hold spaces, start at field 3.
    const status = await readFile(`/proc/${pid}/stat`, 'utf8');
    const startTicks = Number(status.slice(status.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(await readFile('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(startTicks) || !Number.isFinite(bootSeconds)) return false;
    // USER_HZ, the ticks' rate, is 100 on Linux; the boot time is whole seconds, hence the margin.
    const startedMs = (bootSeconds + startTicks / 100) * 1000;
    return startedMs > written + 2_000;
  } catch {
    return false;
  }
}
