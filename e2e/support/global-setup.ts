import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureFrontEndBuilds, repoRoot } from '../../scripts/front-end-builds.mjs';
import { createE2eDatabase } from './test-database.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(server: ChildProcess, port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited (${server.exitCode}) before it was ready:\n${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within 90 s:\n${output()}`);
}

/** Starts the real product once for the whole run: fresh data, a free port, production-like settings. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureFrontEndBuilds();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'waratah-e2e-'));
  const database = process.env.DATABASE_URL ? await createE2eDatabase(process.env.DATABASE_URL) : undefined;

  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;

  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/platform/src/server.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  await waitUntilReady(server, port, () => log);
  process.env.WARATAH_E2E_PORT = String(port);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
