import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureFrontEndBuilds } from '../../scripts/front-end-builds.mjs';
import { dropPrivateServerTemplate } from './private-server-template.ts';
import { freePort, startServerProcess } from './server-process.ts';
import { createE2eDatabase } from './test-database.ts';

/**
 * Starts the real product once for the whole run: fresh data, a free port, production-like settings.
 * The run's folder holds the shared server's data dir and, once a journey asks for a private
 * server, the template those start from (private-server-template.ts); all of it goes at the end.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureFrontEndBuilds();
  // One key for the stored bank tokens across every server of the run: a private server copies the
  // shared demo database (PostgreSQL) but not its data dir, where a generated key file would live.
  process.env.HOLDER_TOKEN_KEY ??= randomBytes(32).toString('hex');
  const port = await freePort();
  const runDir = mkdtempSync(join(tmpdir(), 'waratah-e2e-'));
  const dataDir = join(runDir, 'shared');
  mkdirSync(dataDir);
  const database = process.env.DATABASE_URL ? await createE2eDatabase(process.env.DATABASE_URL) : undefined;

  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;

  const stopServer = await startServerProcess(env, port);
  process.env.WARATAH_E2E_PORT = String(port);
  process.env.WARATAH_E2E_RUN_DIR = runDir;

  return async () => {
    await stopServer();
    await database?.drop();
    await dropPrivateServerTemplate();
    rmSync(runDir, { recursive: true, force: true });
  };
}
