import { localTenantUrls } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import { configWarnings } from './config/config-warnings.ts';
import { loadConfig, type PlatformConfig, platformStartProblems } from './config/env.ts';
import { createDatabase } from './db/create-database.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import { demoSignInHelp } from './demo-data/demo-sign-in-help.ts';
import { leftoverDemoDataWarning } from './demo-data/leftover-demo-data.ts';
import { ConfigError } from './errors/config-error.ts';
import { StartupError } from './errors/startup-error.ts';
import { lockDataDir } from './faults/data-dir-lock.ts';

/**
 * Listens before migrating, so that /healthz answers at once and /readyz tells a load balancer
 * (or the browser tests) when the data is in place.
 */
async function start(): Promise<void> {
  const config = loadConfig();
  const problems = platformStartProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
  for (const warning of configWarnings(config)) console.warn(`Waratah platform: ${warning}`);
  const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  // The database starts opening first (PGlite: its worker thread is started within this call),
  // then the app's modules load on this thread while it opens (cold start: docs/benchmarks.md).
  const opening = createDatabase(config);
  const appModule = import('./app.ts');
  // Both are awaited below; this only keeps an early failure of either from going unhandled.
  opening.catch(() => {});
  appModule.catch(() => {});
  const database = await opening.catch(async (error: unknown) => {
    await unlock?.();
    throw error;
  });
  const { buildApp } = await appModule;
  const app = await buildApp({ config, database });
  closeGracefully(async () => {
    await app.close();
    await database.close();
    await unlock?.();
  });

  await listen(app, config);
  await prepareDatabase(database.db, { demoData: config.demoData });
  const leftover = await leftoverDemoDataWarning(database.db, config);
  if (leftover) console.warn(`Waratah platform: ${leftover}`);
  // Armed after the migrations, which may rightly take long on a big database.
  database.limitStatements?.(config.databaseStatementTimeoutSeconds * 1000);
  app.readiness.markReady();

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Waratah platform ready; database: ${where}`);
  for (const { name, url } of localTenantUrls(port)) console.log(`  ${name.padEnd(14)} ${url}`);
  if (config.demoData) console.log(demoSignInHelp());
}

async function listen(app: FastifyInstance, { port, host }: PlatformConfig): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
    throw new StartupError(`PORT/HOST: could not listen on ${host}:${port}${code}`, { cause: error });
  }
}

/**
 * A terminal's Ctrl-C reaches the whole process group: `npm start`, which passes it on, and this
 * process, which so sees it twice or three times at once. A repeat that soon is the same request;
 * one that comes later stops the process at once, unclosed (the embedded database is safe to stop
 * so; docs/reliability.md), for a close that does not end.
 */
const sameStopRequestMs = 1_000;

function closeGracefully(close: () => Promise<void>): void {
  let closingSince: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closingSince !== undefined) {
      if (performance.now() - closingSince < sameStopRequestMs) return;
      console.error(`Waratah platform: ${signal} again while closing; stopping now without closing`);
      process.exit(1);
    }
    closingSince = performance.now();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while shutting down:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
}

start().catch((error: unknown) => {
  // Configuration and start-up problems are the operator's to fix: the message says what, a stack would only hide it.
  const expected = error instanceof ConfigError || error instanceof StartupError;
  console.error(expected ? error.message : error);
  process.exit(1);
});
