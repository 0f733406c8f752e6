import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from '../../scripts/front-end-builds.mjs';
import { platformCommand, platformNodeFlags } from '../../scripts/platform-command.mjs';

export interface RunningServer {
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Runs a TypeScript file with tsx and waits for its output; throws with its output when it fails. */
export function runScript(file: string, args: string[], env: Record<string, string>): Promise<string> {
  return runCommand(file, process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
}

/**
 * Runs `command` to its end and gives its output (stdout and stderr as they came); throws, naming
 * it `label` with the end of its output, when it cannot start or exits with another code than 0.
 */
export async function runCommand(
  label: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${label} exited with ${code}:\n${output.slice(-2000)}`);
  return output;
}

/** The bank-token key of every platform a run starts. */
const benchHolderTokenKey = randomBytes(32).toString('hex');

/** The platform in production mode on `port`, once `/readyz` answers. */
export async function startPlatform(
  port: number,
  env: Record<string, string>,
  options: { nodeFlags?: string[] } = {},
): Promise<RunningServer> {
  const { command, args } = platformCommand(options);
  const child = spawn(command, args, {
    cwd: repoRoot,
    // The benchmarks sign in as the demo advisers, which production writes only when asked.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'on',
      // The benchmarks call it at `moneypartner.localhost`, which production takes only when told.
      LOCAL_HOSTS: 'on',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      // Production on PostgreSQL refuses to start without it (config/env.ts); one key for the run,
      // so a restart reads the tokens sealed before it.
      HOLDER_TOKEN_KEY: process.env.HOLDER_TOKEN_KEY ?? benchHolderTokenKey,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(child, `http://127.0.0.1:${port}/readyz`);
  return { port, process: child, stop: () => stop(child) };
}

/** The bare Fastify baseline on `port`. */
export async function startBaseline(port: number): Promise<RunningServer> {
  // The same Node flags as the platform: the baseline differs from it only in what it does.
  const child = spawn(
    process.execPath,
    [...platformNodeFlags, '--import', 'tsx', join(import.meta.dirname, 'hello-server.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitFor(child, `http://127.0.0.1:${port}/hello`);
  return { port, process: child, stop: () => stop(child) };
}

async function waitFor(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop(child);
  throw new Error(`${url} did not answer within 2 minutes`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Clock ticks a second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux as built here). */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time a process has used so far, in milliseconds: user and system, all its threads (the
 * compression and file-system pool included), but not its children's or another process's (a
 * PostgreSQL server's); NaN where /proc cannot be read. Time the machine gave to other guests
 * (steal) is not in it, so it is steadier than a rate on a shared machine.
 */
export function cpuMillis(pid: number | undefined, { mainThread = false } = {}): number {
  try {
    // With `mainThread`, only the thread that runs the event loop (its id is the process's): the
    // one every request passes through, whose time bounds the requests a second.
    const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
    // After the command's name in parentheses: state, then utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process in MiB (Linux /proc), or NaN where that cannot be read. */
export function residentMiB(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kib / 1024;
  } catch {
    return Number.NaN;
  }
}

export interface RestOptions {
  /** How long the process must stay quiet. */
  windowMs?: number;
  /** Quiet: at most this share of one core over the window. */
  maxShare?: number;
  /** Gives up waiting after this long (answered as not at rest). */
  timeoutMs?: number;
  sampleMs?: number;
  /**
   * A PostgreSQL database the process works on: at rest also needs it quiet for the window, no
   * statement of another session and no autovacuum worker running on it.
   */
  database?: string;
}

/**
 * Whether a statement of another session, or an autovacuum worker, runs on the database (not on
 * the server's other databases: on a shared server, those are someone else's).
 */
export async function databaseBusy(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ busy: boolean }>(
    `select exists (
      select from pg_stat_activity
      where pid <> pg_backend_pid() and datname = current_database()
        and (state = 'active' or backend_type = 'autovacuum worker')
    ) as busy`,
  );
  return rows[0]?.busy === true;
}

/**
 * Waits until a process has used at most `maxShare` of a core for `windowMs` (by `cpuMillis`):
 * the work it does at start, such as scheduled jobs whose slot passed while it was stopped (a day's
 * goal progress over the bench data, a sweep), over before anything is measured. Answers how long
 * that took, and whether it came to rest before `timeoutMs` (`gone` when the process ended). With
 * `database`, the PostgreSQL server's work is watched too (`databaseBusy`): a long statement the
 * process waits for uses the server's CPU, not the process's, and so does an autovacuum.
 */
export async function waitForRest(
  pid: number | undefined,
  { windowMs = 1_000, maxShare = 0.05, timeoutMs = 300_000, sampleMs = 100, database }: RestOptions = {},
): Promise<{ waitedMs: number; atRest: boolean; gone?: true }> {
  const client = database ? new pg.Client({ connectionString: database }) : undefined;
  await client?.connect();
  try {
    const started = performance.now();
    const samples: { at: number; cpu: number }[] = [{ at: started, cpu: cpuMillis(pid) }];
    // Since when the database has been quiet (`started` without one).
    let databaseQuietSince = started;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, sampleMs));
      const now = performance.now();
      const cpu = cpuMillis(pid);
      if (Number.isNaN(cpu)) return { waitedMs: now - started, atRest: false, gone: true };
      if (client && (await databaseBusy(client))) databaseQuietSince = performance.now();
      samples.push({ at: now, cpu });
      // The oldest sample still a whole window back.
      while (samples.length > 2 && (samples[1]?.at ?? now) <= now - windowMs) samples.shift();
      const first = samples[0] ?? { at: now, cpu };
      if (
        now - first.at >= windowMs &&
        cpu - first.cpu <= maxShare * (now - first.at) &&
        now - databaseQuietSince >= windowMs
      ) {
        return { waitedMs: now - started, atRest: true };
      }
      if (now - started >= timeoutMs) return { waitedMs: now - started, atRest: false };
    }
  } finally {
    await client?.end();
  }
}
