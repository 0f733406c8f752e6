import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupError } from '../errors/startup-error.ts';

export const lockFileName = 'platform.pid';

/**
 * One platform process per embedded database: PGlite has no lock of its own, and two processes
 * writing one data directory would corrupt it. The lock is a file naming the owner's pid, and on
 * Linux which process that was (`processIdentity`); one left by a process that is gone (`kill -9`,
 * a crash, a power cut) is taken over, so a restart never needs a hand. So is one whose pid now
 * belongs to another process: a container restarted after a crash hands out the same small pids
 * again. Answers a function that releases it.
 */
export async function lockDataDir(dataDir: string, pid: number = process.pid): Promise<() => Promise<void>> {
  const file = join(dataDir, lockFileName);
  await mkdir(dataDir, { recursive: true }).catch(() => {});
  for (let tries = 0; tries < 2; tries += 1) {
    try {
      const identity = await processIdentity(pid);
      await writeFile(file, `${pid}\n${identity === undefined ? '' : `${identity}\n`}`, { flag: 'wx' });
      return async () => {
        if ((await readOwner(file)).owner === pid) await rm(file, { force: true });
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) {
        throw new StartupError(`DATA_DIR: cannot write the lock file ${file} (${String(error)})`, {
          cause: error,
        });
      }
    }
    const { owner, identity } = await readOwner(file);
    if (owner !== undefined && owner !== pid && isRunning(owner) && !(await isAnother(owner, identity))) {
      throw new StartupError(
        `DATA_DIR: the embedded database in ${dataDir} is in use by another platform process (pid ${owner}); stop it first, or start this one with another DATA_DIR (or DATABASE_URL)`,
      );
    }
    // Left behind by a process that is gone (its pid free, or another process's now): take it over.
    await rm(file, { force: true });
  }
  throw new StartupError(`DATA_DIR: could not take the lock ${file}; is another platform starting on it?`);
}

async function readOwner(file: string): Promise<{ owner: number | undefined; identity: string | undefined }> {
  const [first = '', second = ''] = (await readFile(file, 'utf8').catch(() => '')).split('\n');
  const pid = Number.parseInt(first.trim(), 10);
  return {
    owner: Number.isSafeInteger(pid) && pid > 0 ? pid : undefined,
    identity: second.trim() || undefined,
  };
}

/**
 * Which process `pid` is, beyond its number (Linux): the boot's id and the process's start, in
 * clock ticks since that boot (field 22 of `/proc/<pid>/stat`). Neither moves when the wall clock
 * is set. Undefined elsewhere, or when it cannot be read.
 */
async function processIdentity(pid: number): Promise<string | undefined> {
  try {
    const bootId = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
    const status = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name (which may hold spaces) start at field 3.
    const startTicks = status.slice(status.lastIndexOf(')') + 2).split(' ')[19];
    return bootId && startTicks && /^\d+$/.test(startTicks) ? `${bootId} ${startTicks}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the running process `pid` is certainly not the one that wrote the lock: both identities
 * known, and different. A lock written without one (another system, or by an earlier version) is
 * never taken from a running process.
 */
async function isAnother(pid: number, recorded: string | undefined): Promise<boolean> {
  if (recorded === undefined) return false;
  const current = await processIdentity(pid);
  return current !== undefined && current !== recorded;
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
