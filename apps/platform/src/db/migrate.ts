import { type Kysely, type Migration, type MigrationResultSet, Migrator, sql } from 'kysely';
import type { Database } from './database-schema.ts';
import * as tenantsAndAppConfigs from './migrations/0001-tenants-and-app-configs.ts';
import * as partiesAdvisersClients from './migrations/0002-parties-advisers-clients.ts';
import * as credentialsAndMail from './migrations/0003-credentials-and-mail.ts';
import * as identityStore from './migrations/0004-identity-store.ts';
import * as aggregation from './migrations/0005-aggregation.ts';
import * as goalsImagesAudit from './migrations/0006-goals-images-audit.ts';
import * as jobsAndDocuments from './migrations/0007-jobs-and-documents.ts';
import * as openBankingRefreshConsentsImports from './migrations/0008-open-banking-refresh-consents-imports.ts';
import * as readPerformance from './migrations/0009-read-performance.ts';
import * as clientDataVersions from './migrations/0010-client-data-versions.ts';
import * as providerAccountDataVersions from './migrations/0011-provider-account-data-versions.ts';
import * as practiceListVersions from './migrations/0012-practice-list-versions.ts';
import * as auditLogReads from './migrations/0013-audit-log-reads.ts';
import * as auditLogWithoutTenantLock from './migrations/0014-audit-log-without-tenant-lock.ts';
import * as exportFailuresForCallers from './migrations/0015-export-failures-for-callers.ts';
import * as refreshRetryAnswer from './migrations/0016-refresh-retry-answer.ts';
import * as invitationNames from './migrations/0017-invitation-names.ts';
import * as monthTotalsWidth from './migrations/0018-month-totals-width.ts';
import * as foreignKeyIndexes from './migrations/0019-foreign-key-indexes.ts';
import * as transactionsSynced from './migrations/0020-transactions-synced.ts';
import * as unfinishedExports from './migrations/0021-unfinished-exports.ts';
import * as auditSystemActor from './migrations/0022-audit-system-actor.ts';
import * as sweepIndexes from './migrations/0023-sweep-indexes.ts';
import * as goalProgress from './migrations/0024-goal-progress.ts';
import * as signInDevices from './migrations/0025-sign-in-devices.ts';
import * as auditLogBigintIds from './migrations/0026-audit-log-bigint-ids.ts';
import * as unfinishedExportsAnyJob from './migrations/0027-unfinished-exports-any-job.ts';
import * as imagesByAdviser from './migrations/0028-images-by-adviser.ts';
import * as suspendedBy from './migrations/0029-suspended-by.ts';
import * as tokenScope from './migrations/0030-token-scope.ts';
import * as rotationWithoutKey from './migrations/0031-rotation-without-key.ts';
import * as connectedAt from './migrations/0032-connected-at.ts';
import * as operatorsWithoutPractice from './migrations/0033-operators-without-practice.ts';
import * as practiceJoinedAt from './migrations/0034-practice-joined-at.ts';
import * as accountTransactionsSynced from './migrations/0035-account-transactions-synced.ts';
import * as operatorPermissionAreas from './migrations/0036-operator-permission-areas.ts';

/**
 * Every migration, in order. A static record rather than a folder scan: nothing depends on the
 * working directory or on which files a bundler kept. Names sort in the order they must run.
 */
const migrations: Record<string, Migration> = {
  '0001-tenants-and-app-configs': tenantsAndAppConfigs,
  '0002-parties-advisers-clients': partiesAdvisersClients,
  '0003-credentials-and-mail': credentialsAndMail,
  '0004-identity-store': identityStore,
  '0005-aggregation': aggregation,
  '0006-goals-images-audit': goalsImagesAudit,
  '0007-jobs-and-documents': jobsAndDocuments,
  '0008-open-banking-refresh-consents-imports': openBankingRefreshConsentsImports,
  '0009-read-performance': readPerformance,
  '0010-client-data-versions': clientDataVersions,
  '0011-provider-account-data-versions': providerAccountDataVersions,
  '0012-practice-list-versions': practiceListVersions,
  '0013-audit-log-reads': auditLogReads,
  '0014-audit-log-without-tenant-lock': auditLogWithoutTenantLock,
  '0015-export-failures-for-callers': exportFailuresForCallers,
  '0016-refresh-retry-answer': refreshRetryAnswer,
  '0017-invitation-names': invitationNames,
  '0018-month-totals-width': monthTotalsWidth,
  '0019-foreign-key-indexes': foreignKeyIndexes,
  '0020-transactions-synced': transactionsSynced,
  '0021-unfinished-exports': unfinishedExports,
  '0022-audit-system-actor': auditSystemActor,
  '0023-sweep-indexes': sweepIndexes,
  '0024-goal-progress': goalProgress,
  '0025-sign-in-devices': signInDevices,
  '0026-audit-log-bigint-ids': auditLogBigintIds,
  '0027-unfinished-exports-any-job': unfinishedExportsAnyJob,
  '0028-images-by-adviser': imagesByAdviser,
  '0029-suspended-by': suspendedBy,
  '0030-token-scope': tokenScope,
  '0031-rotation-without-key': rotationWithoutKey,
  '0032-connected-at': connectedAt,
  '0033-operators-without-practice': operatorsWithoutPractice,
  '0034-practice-joined-at': practiceJoinedAt,
  '0035-account-transactions-synced': accountTransactionsSynced,
  '0036-operator-permission-areas': operatorPermissionAreas,
};

/**
 * Brings the schema up to date; a no-op when it already is, so it runs on every start. Kysely
 * takes a PostgreSQL advisory lock, so several PostgreSQL-backed instances starting at once
 * apply each migration once.
 *
 * A schema already current is told by two small reads of Kysely's own table: Kysely's migrator
 * would first read the catalogue's every table and column twice (its introspection, to see that
 * its tables exist), then take its lock: on PGlite, just opened, the readiness statements of a
 * restart took 131–170 ms with it and take 27–59 ms without (docs/benchmarks.md, "The schema's
 * check at a restart"). Anything else (a new database, a migration to apply, or one applied that
 * this code does not know) goes to the migrator, which applies or refuses it as before.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await isCurrent(db)) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Whether exactly the migrations above have been applied: none missing, none unknown. */
async function isCurrent(db: Kysely<Database>): Promise<boolean> {
  // Kysely's table, in the schema it creates it in (the first of the search path).
  const { rows: found } = await sql<{ table: string | null }>`
    select to_regclass('kysely_migration')::text as table`.execute(db);
  if (!found[0]?.table) return false;
  const { rows: applied } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const known = Object.keys(migrations);
  return applied.length === known.length && applied.every(({ name }) => Object.hasOwn(migrations, name));
}
