import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/front-end-builds.mjs';

export interface ColdStart {
  readyMs: number;
}

/** Starts the platform on `dataDir` and times until `/readyz` answers 200, then stops it. */
export async function measureColdStart(options: { dataDir: string; port: number }): Promise<ColdStart> {
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/platform/src/server.ts')], {
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
        if (response.ok) return { readyMs: performance.now() - started };
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
