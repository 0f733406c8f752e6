import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureFrontEndBuilds } from '../../scripts/front-end-builds.mjs';
import { freePort, startServerProcess } from './server-process.ts';
import { createE2eDatabase } from './test-database.ts';

/** Starts the real product once for the whole run: fresh data, a free port, production-like settings. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureFrontEndBuilds();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'waratah-e2e-'));
  const database = process.env.DATABASE_URL ? await createE2eDatabase(process.env.DATABASE_URL) : undefined;

  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;

  const stopServer = await startServerProcess(env, port);
  process.env.WARATAH_E2E_PORT = String(port);

  return async () => {
    await stopServer();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
