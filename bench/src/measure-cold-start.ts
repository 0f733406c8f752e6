import { spawn } from 'node:child_process';
import { repoRoot } from '../../scripts/front-end-builds.mjs';
import { platformCommand } from '../../scripts/platform-command.mjs';
import { residentMiB } from './processes.ts';

export interface ColdStart {
  /** From spawning the process to the first 200 from `/readyz`. */
  readyMs: number;
  /** Resident memory once ready and idle for a second (MiB). */
  restMiB: number;
}

/**
 * Starts the platform on `dataDir` as `npm start` runs it (`platformCommand()`, the embedded
 * database) and times until `/readyz`
 * answers 200; then reads its memory at rest and stops it.
 */
export async function measureColdStart(options: {
  dataDir: string;
  port: number;
  /** From the TypeScript sources through tsx, rather than the built bundle (`npm start`). */
  fromSources?: boolean;
}): Promise<ColdStart> {
  const { command, args } = platformCommand({ fromSources: options.fromSources ?? false });
  const started = performance.now();
  const server = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${options.port}/readyz`);
        if (response.ok) {
          const readyMs = performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          return { readyMs, restMiB: residentMiB(server.pid) };
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}

/** The floor any Node server pays: a process that starts and exits at once. */
export async function measureBareNodeStart(): Promise<number> {
  const started = performance.now();
  await new Promise((resolve) =>
    spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' }).once('exit', resolve),
  );
  return performance.now() - started;
}
