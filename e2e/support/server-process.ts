import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/front-end-builds.mjs';
import { platformCommand } from '../../scripts/platform-command.mjs';
import { copyPrivateServerTemplate } from './private-server-template.ts';

export async function freePort(): Promise<number> {
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

export async function waitUntilReady(
  server: ChildProcess,
  port: number,
  output: () => string,
): Promise<void> {
  // Generous: on a busy machine the first start (migrations and the demo data) can take minutes.
  const deadline = Date.now() + 240_000;
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
  throw new Error(`The server was not ready within 240 s:\n${output()}`);
}

/** Starts the platform (`apps/platform/src/server.ts`) with the given environment and waits for /readyz. */
export async function startServerProcess(env: NodeJS.ProcessEnv, port: number): Promise<() => Promise<void>> {
  let log = '';
  const { command, args } = platformCommand();
  const server = spawn(command, args, {
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
  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  };
}

export interface PrivateServer {
  port: number;
  stop: () => Promise<void>;
}

/**
 * A server of a journey's own (a copy of the run's seeded template: the demo data plus the e2e
 * operators of seed-e2e-operators.ts; see private-server-template.ts), for journeys that change
 * tenant-wide settings such as the app config: every other spec runs against the shared server,
 * so its tenants never see the change. `env` adds settings of its own (e.g. a short link lifetime).
 */
export async function startPrivateServer(
  options: { env?: Record<string, string> } = {},
): Promise<PrivateServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'waratah-e2e-private-'));
  const copy = await copyPrivateServerTemplate(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  if (copy.databaseUrl) env.DATABASE_URL = copy.databaseUrl;
  else delete env.DATABASE_URL;
  const stopServer = await startServerProcess(env, port);
  return {
    port,
    stop: async () => {
      await stopServer();
      await copy.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
