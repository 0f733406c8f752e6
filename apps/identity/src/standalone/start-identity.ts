/**
 * The identity service on its own, without the platform's API (`npm run start -w @waratah/identity`):
 * for running it on a host of its own next to the platform, against the same database. It reads the
 * platform's variables (PORT, HOST, DATA_DIR or DATABASE_URL, SMTP_URL, MAIL_FROM, AUTH_…,
 * IDENTITY_…, validated by the platform's `loadConfig`), brings the shared schema up to date, and
 * counts failed sign-ins and registrations and sends registration e-mail exactly as the mounted
 * identity does.
 * The embedded database (DATA_DIR) admits one process at a time: with the platform running too,
 * use DATABASE_URL.
 */
import { configWarnings } from '../../../platform/src/config/config-warnings.ts';
import { loadConfig } from '../../../platform/src/config/env.ts';
import { createDatabase } from '../../../platform/src/db/create-database.ts';
import { migrateToLatest } from '../../../platform/src/db/migrate.ts';
import { seedDatabase } from '../../../platform/src/db/seed.ts';
import { ConfigError } from '../../../platform/src/errors/config-error.ts';
import { StartupError } from '../../../platform/src/errors/startup-error.ts';
import { buildStandaloneIdentity } from './build-standalone-identity.ts';

async function start(): Promise<void> {
  const config = loadConfig();
  for (const warning of configWarnings(config)) console.warn(`Waratah identity: ${warning}`);
  const database = await createDatabase(config);
  await migrateToLatest(database.db);
  await seedDatabase(database.db);
  database.limitStatements?.(config.databaseStatementTimeoutSeconds * 1000);

  const { app, identity, mailer } = await buildStandaloneIdentity(config, database);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app
        .close()
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
  }
  // A service that only signs advisers in loads its provider before it listens (the platform, after).
  await identity.warmUp();
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    throw new StartupError(`PORT/HOST: could not listen on ${config.host}:${config.port}`, { cause: error });
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Identity service ready on http://${config.host}:${config.port}/oauth2; database: ${where}`);
  if (mailer.kind === 'mailbox')
    console.log('SMTP_URL is not set: e-mail is kept in the mail_messages table');
}

start().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof StartupError;
  console.error(expected ? error.message : error);
  process.exit(1);
});
