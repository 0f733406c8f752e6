import { createHash, randomUUID } from 'node:crypto';
import {
  type AccountSummaryRequest,
  type DocumentExport,
  type DocumentKind,
  type DocumentPeriod,
  type DocumentVerification,
  documentContentTypes,
  type FeatureKey,
  type PassportNarrowing,
} from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { holdConsentFor } from '../access/hold-client-access.ts';
import { recordAudit } from '../access/record-audit.ts';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import { getFinancialPassport } from '../affordability/get-financial-passport.ts';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { AppError } from '../errors/app-error.ts';
import { faultPoint, faultPoints } from '../faults/fault-point.ts';
import type { JobContext, JobQueue } from '../jobs/job-queue.ts';
import { RateLimitedError } from '../rate-limit/rate-limited-error.ts';
import { budgetCategoryReport } from '../reports/budget-category-report.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { accountSummaryFigures, renderAccountSummaryPdf } from './account-summary-pdf.ts';
import { deleteExportsPastKept, removeExportFiles } from './delete-client-exports.ts';
import {
  balancesAt,
  type ClientRef,
  countTransactionsUpTo,
  type DocumentAccount,
  type DocumentTransaction,
  firstTransactionDate,
  loadAccounts,
  loadConnectionIds,
  loadTransactions,
  partyNames,
  type TransactionRange,
} from './document-data.ts';
import {
  type DocumentExportsTable,
  type DocumentsDatabase,
  type ExportParams,
  type ExportRow,
  exportColumns,
  extensionOf,
  requesterOf,
  toWireExport,
  withExports,
} from './document-exports.ts';
import {
  type DocumentStore,
  databaseDocumentStore,
  MissingDocumentFile,
  type StoredFile,
} from './document-store.ts';
import { callerReason, ExportFailure } from './export-failure.ts';
import { removeExportFileOrQueue } from './export-file-removal.ts';
import {
  customPeriodLabel,
  type DataHolder,
  type PeriodList,
  type ResolvedPeriod,
  resolvePeriod,
} from './export-periods.ts';
import { openableBy, visibleTo } from './export-requesters.ts';
import { renderFinancialPassportPdf } from './financial-passport-pdf.ts';
import { insightsFigures, renderInsightsPdf } from './insights-pdf.ts';
import { runningBalances, statementFigures } from './statement-figures.ts';
import { renderStatementPdf } from './statement-pdf.ts';
import { tenantBranding } from './tenant-branding.ts';
import { renderTransactionsXlsx } from './transactions-xlsx.ts';

/** The job that generates one export (payload `{ exportId }`). */
export const generateDocumentJob = 'documents.generate';
/** One retry: a second failure is final and recorded on the export. */
const retryLimit = 1;
/**
 * How many of one client's documents one requester may have being made at once. 'All accounts'
 * statements are asked for one per account, so a client with many accounts stays well inside it;
 * a script asking for documents in a loop does not (each is minutes of a job slot at most).
 */
export const maxUnfinishedExports = 20;
/**
 * The most transactions one statement, spreadsheet or financial overview covers. Each row is held
 * in memory and rendered by the instance that serves requests (a statement about 38 µs a row, a
 * spreadsheet 40–55 µs, measured here; docs/documents.md): before 2026-12-01 nothing bounded it,
 * and a year's spreadsheet of a client with a million imported transactions would have taken over
 * a minute of the event loop, or run the process out of memory.
 */
export const maxDocumentTransactions = 50_000;

/**
 * How many of one client's finished documents (completed or failed) one requester keeps: asking for
 * another deletes the oldest past it (with the 20 being made, at most 120 rows). Before 2026-12-01
 * every export was kept until the consent it was made under ended, and a requester asking in a loop
 * (20 at a time) stored without bound.
 */
export const maxKeptExports = 100;

export interface DocumentsDeps {
  db: Kysely<Database>;
  queue: JobQueue;
  store?: DocumentStore;
  now?: () => Date;
  /** The most transactions one document covers: `maxDocumentTransactions` unless given. */
  maxTransactions?: number;
  /** How many finished exports a requester keeps of a client: `maxKeptExports` unless given. */
  keptExports?: number;
  /** Where a file that could not be removed is reported. */
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** What a caller may ask for, already checked against the request's shape by the contracts. */
export type ExportRequest =
  | {
      kind: 'financial_passport';
      period: DocumentPeriod;
      /** The accounts reported, as `GET financialpassport` narrows them. */
      accountIds?: number[] | undefined;
      providerAccountIds?: number[] | undefined;
    }
  | { kind: 'statement'; period: DocumentPeriod; accountId: number }
  | { kind: 'account_summary'; asOf: AccountSummaryRequest['as_of_date'] }
  | { kind: 'insights'; period: DocumentPeriod }
  | { kind: 'transactions'; period: DocumentPeriod; accountIds: number[] | undefined };

export interface RequestContext {
  scope: ClientScope;
  /**
   * The feature keys enabled in the tenant's app config for the request's environment: custom dates
   * and some periods (the passport's 3-month report) depend on them.
   */
  features: () => Promise<ReadonlySet<FeatureKey>>;
  /** Where the request's fields came from, for error messages. */
  source: 'body' | 'querystring';
}

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', `${field.split('.').pop()} ${message}`, {
    fields: [{ field, message }],
  });
}

/**
 * Refuses (400 naming `field`) a list that names an id not among the client's `owned` ones, e.g.
 * "account_ids includes 7, which is not one of the client's accounts".
 */
function refuseForeignIds(
  ids: readonly number[] | undefined,
  owned: Iterable<number>,
  field: string,
  what: 'accounts' | 'connections',
): void {
  const known = new Set(owned);
  const foreign = ids?.find((id) => !known.has(id));
  if (foreign !== undefined) {
    throw invalid(field, `includes ${foreign}, which is not one of the client's ${what}`);
  }
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .slice(0, 40) || 'client'
  );
}

interface PreparedExport {
  kind: DocumentKind;
  period: ResolvedPeriod | null;
  asOf: string | null;
  params: ExportParams;
  fileName: string;
  contentType: string;
}

/**
 * Checks a request and works out what to generate, or throws a 400 naming the field: an unknown
 * period, an end before a start, a range beyond the data, an account that is not the client's.
 */
async function prepare(
  { db, maxTransactions = maxDocumentTransactions }: DocumentsDeps,
  request: ExportRequest,
  { scope, features, source }: RequestContext,
): Promise<PreparedExport> {
  const client: ClientRef = scope;
  const tenantId = scope.tenantId as TenantId;
  const today = sydneyToday();
  const accounts = await loadAccounts(db, client);
  const { clientName } = await partyNames(db, client, scope.actor);
  const clientSlug = slug(clientName);
  const enabled = await features();
  // A custom range is bounded by the data the document shows: the statement's account, the
  // spreadsheet's chosen accounts, else the client's; the refusal names which.
  const period = async (
    list: PeriodList,
    value: DocumentPeriod,
    data: { of: DataHolder; accountIds?: number[] } = { of: 'client' },
  ) =>
    resolvePeriod({
      tenantId,
      list,
      request: value,
      today,
      features: enabled,
      firstDataDate: await firstTransactionDate(db, client, data.accountIds),
      dataOf: data.of,
      source,
    });
  const base = { actor: scope.actor };
  // A document of more transactions than one holds is refused now, naming what to change, rather
  // than failing in its job.
  const assertFits = async (resolved: ResolvedPeriod, accountIds: readonly number[], pendingToo = false) => {
    // Counted as the document lists them: pending ones only in the insights' figures.
    const range = { accountIds, from: resolved.from, to: resolved.to, pendingToo };
    const held = await countTransactionsUpTo(db, client, range, maxTransactions + 1);
    if (held <= maxTransactions) return;
    // Said in a whole sentence: the portal shows a field's message on its own.
    const most = overTheBound(maxTransactions);
    const [field, message] =
      resolved.period === 'custom'
        ? ['from_date', `The dates chosen hold ${most}; choose a shorter range`]
        : ['period', `The period holds ${most}; choose a shorter period`];
    throw new AppError('validation_failed', `${field}: ${message}`, {
      fields: [{ field: `${source}.${field}`, message }],
    });
  };

  switch (request.kind) {
    case 'financial_passport': {
      // As the spreadsheet refuses them: before 2026-12-04 another client's ids were taken, and
      // the PDF covered no account, its figures all zero, under the title of a whole passport.
      refuseForeignIds(
        request.accountIds,
        accounts.map((account) => account.id),
        `${source}.account_ids`,
        'accounts',
      );
      if (request.providerAccountIds) {
        refuseForeignIds(
          request.providerAccountIds,
          await loadConnectionIds(db, client),
          `${source}.provider_account_ids`,
          'connections',
        );
      }
      const resolved = await period('financialPassport', request.period);
      return {
        kind: request.kind,
        period: resolved,
        asOf: null,
        params: {
          ...base,
          periodLabel: resolved.label,
          ...(request.accountIds && { accountIds: request.accountIds }),
          ...(request.providerAccountIds && { providerAccountIds: request.providerAccountIds }),
        },
        fileName: `financial-passport_${clientSlug}_${resolved.from}_${resolved.to}.pdf`,
        contentType: documentContentTypes.pdf,
      };
    }
    case 'statement': {
      const account = accounts.find((candidate) => candidate.id === request.accountId);
      if (!account) throw invalid(`${source}.account_id`, `is not one of the client's accounts`);
      // An account without transactions is shown by its balance (no rows), whatever the dates.
      const resolved = await period('statements', request.period, {
        of: 'account',
        accountIds: [account.id],
      });
      await assertFits(resolved, [account.id]);
      return {
        kind: request.kind,
        period: resolved,
        asOf: null,
        params: { ...base, periodLabel: resolved.label, accountId: account.id },
        fileName: `statement_${slug(account.name)}_${resolved.from}_${resolved.to}.pdf`,
        contentType: documentContentTypes.pdf,
      };
    }
    case 'account_summary': {
      const asOf = request.asOf ?? today;
      if (asOf > today) throw invalid(`${source}.as_of_date`, `is after today (${today})`);
      const first = await firstTransactionDate(db, client);
      if (first !== undefined && asOf < first) {
        throw invalid(`${source}.as_of_date`, `is before the client's first transaction (${first})`);
      }
      return {
        kind: request.kind,
        period: null,
        asOf,
        params: { ...base, periodLabel: null },
        fileName: `account-balances_${clientSlug}_${asOf}.pdf`,
        contentType: documentContentTypes.pdf,
      };
    }
    case 'insights': {
      const resolved = await period('statements', request.period);
      await assertFits(resolved, includedAccountIds(accounts), true);
      return {
        kind: request.kind,
        period: resolved,
        asOf: null,
        params: { ...base, periodLabel: resolved.label },
        fileName: `financial-overview_${clientSlug}_${resolved.from}_${resolved.to}.pdf`,
        contentType: documentContentTypes.pdf,
      };
    }
    case 'transactions': {
      refuseForeignIds(
        request.accountIds,
        accounts.map((account) => account.id),
        `${source}.account_ids`,
        'accounts',
      );
      const resolved = await period(
        'statements',
        request.period,
        request.accountIds ? { of: 'accounts', accountIds: request.accountIds } : { of: 'client' },
      );
      await assertFits(resolved, request.accountIds ?? accounts.map((account) => account.id));
      return {
        kind: request.kind,
        period: resolved,
        asOf: null,
        params: {
          ...base,
          periodLabel: resolved.label,
          ...(request.accountIds && { accountIds: request.accountIds }),
        },
        fileName: `transactions_${clientSlug}_${resolved.from}_${resolved.to}.xlsx`,
        contentType: documentContentTypes.xlsx,
      };
    }
  }
}

/**
 * Records the export. An adviser's consent is held while the row is written (`holdConsentFor`): a
 * withdrawal that ended it after the access check answers 404 instead of leaving behind an export
 * its cleanup never saw.
 */
async function insertExport(
  db: Kysely<Database>,
  scope: ClientScope,
  prepared: PreparedExport,
  status: 'queued' | 'running',
): Promise<string> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await holdConsentFor(trx, scope);
    await assertRoomForExport(trx, scope);
    await withExports(trx)
      .insertInto('document_exports')
      .values({
        id,
        tenant_id: scope.tenantId,
        client_id: scope.clientId,
        requested_by: requesterOf(scope.actor),
        kind: prepared.kind,
        status,
        params: JSON.stringify(prepared.params),
        period: prepared.period?.period ?? null,
        from_date: prepared.period?.from ?? null,
        to_date: prepared.period?.to ?? prepared.asOf,
        file_name: prepared.fileName,
        content_type: prepared.contentType,
      })
      .execute();
  });
  return id;
}

/**
 * Once a new export is on its way (queued with its job, or made in the request), deletes the
 * requester's finished exports of the client past the newest `maxKeptExports` and removes their
 * files outside the database. Not before: a request that fails leaves what was kept as it was. A
 * failure here is logged, not the request's: the export was made, and the next one trims again.
 */
async function keepNewestExports(deps: DocumentsDeps, scope: ClientScope): Promise<void> {
  try {
    const requestedBy = requesterOf(scope.actor);
    // The rows and the queued removal of their files commit together (`queueExportFileRemoval`).
    const dropped = await inTransaction(deps.db, (trx) =>
      deleteExportsPastKept(trx, scope, requestedBy, deps.keptExports ?? maxKeptExports),
    );
    if (dropped.length > 0) await removeExportFiles(deps.store ?? databaseDocumentStore, dropped, deps.log);
  } catch (error) {
    deps.log?.error(
      { err: error, clientId: scope.clientId },
      'documents: the oldest exports could not be deleted',
    );
  }
}

/**
 * Refuses (429) a requester who has `maxUnfinishedExports` of the client's documents queued or
 * running: before 2026-11-30 nothing bounded them, and each held a job slot of the instance in
 * turn, so one caller could keep every other practice's documents waiting. A soft bound: two
 * requests at the same moment may each pass it once.
 */
async function assertRoomForExport(trx: Kysely<Database>, scope: ClientScope): Promise<void> {
  const unfinished = await withExports(trx)
    .selectFrom('document_exports')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('tenant_id', '=', scope.tenantId)
    .where('client_id', '=', scope.clientId)
    .where('requested_by', '=', requesterOf(scope.actor))
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  if (Number(unfinished.count) >= maxUnfinishedExports) {
    // A document takes seconds to a few minutes: a minute is when to look again.
    throw new RateLimitedError(
      `${maxUnfinishedExports} of this client's documents are still being made; ask again once they are ready`,
      60,
    );
  }
}

/**
 * `POST …`: records the export (queued) and enqueues its generation; answers at once. If the
 * job cannot be enqueued, the record is removed again, so nothing is left half-written.
 */
export async function requestExport(
  deps: DocumentsDeps,
  request: ExportRequest,
  context: RequestContext,
): Promise<DocumentExport> {
  const prepared = await prepare(deps, request, context);
  const db = withExports(deps.db);
  const id = await insertExport(deps.db, context.scope, prepared, 'queued');
  try {
    const jobId = await deps.queue.enqueue(
      generateDocumentJob,
      { exportId: id },
      { retryLimit, singletonKey: id },
    );
    await db.updateTable('document_exports').set({ job_id: jobId }).where('id', '=', id).execute();
  } catch (error) {
    await db.deleteFrom('document_exports').where('id', '=', id).execute();
    throw error;
  }
  await keepNewestExports(deps, context.scope);
  // Read back for the answer: gone by now (a consent withdrawn, the client unlinked), a 404.
  return toWireExport(await readExport(db, id));
}

/** `GET financialpassport/export`: generates at once and records the export like a queued one. */
export async function generateExportNow(
  deps: DocumentsDeps,
  request: ExportRequest,
  context: RequestContext,
): Promise<{ export: DocumentExport; bytes: Buffer }> {
  const prepared = await prepare(deps, request, context);
  const db = withExports(deps.db);
  const id = await insertExport(deps.db, context.scope, prepared, 'running');
  let completed: ExportRow | undefined;
  try {
    const row = await readExport(db, id);
    const bytes = await complete(deps, row);
    completed = row;
    const made = toWireExport(await readExport(db, id));
    await keepNewestExports(deps, context.scope);
    return { export: made, bytes };
  } catch (error) {
    const deleted = await db.deleteFrom('document_exports').where('id', '=', id).executeTakeFirst();
    // A file stored and recorded before the failure (the record could not be read back) goes with
    // its row: once the row is gone nothing finds it, and it outlived the client's consent. (A
    // failure within `complete` removed its own file.)
    if (completed) {
      const name = {
        tenantId: completed.tenant_id,
        exportId: id,
        extension: extensionOf(completed.content_type),
      };
      await removeExportFileOrQueue(storeDeps(deps), { name, stored: null });
    }
    // Deleted while it was made (a consent withdrawn, the client unlinked): a 404, as the access
    // check would now answer, not a failure of the platform's (a 500 before 2026-12-02).
    if (deleted.numDeletedRows === 0n) throw noLongerAvailable(error);
    throw error;
  }
}

/**
 * The export just recorded, or a 404 when it is gone: a consent withdrawn or an unlink deletes it
 * with the others as soon as it is committed (before 2026-12-02 a 500).
 */
async function readExport(db: Kysely<DocumentsDatabase>, id: string): Promise<ExportRow> {
  const row = await db
    .selectFrom('document_exports')
    .select(exportColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw noLongerAvailable();
  return row;
}

/** An export deleted while a request was using it, or whose file is no longer in the store. */
function noLongerAvailable(cause?: unknown): AppError {
  return new AppError(
    'not_found',
    'The document is no longer available',
    cause === undefined ? undefined : { cause },
  );
}

/**
 * The job handler: generates, stores and records the file. A final failure is recorded with a
 * reason fit for the caller (`callerReason`), and a file an earlier attempt left is removed; the
 * error itself is thrown to the queue, which logs it and keeps it on the job. An export deleted
 * meanwhile (its consent ended) ends the job quietly.
 */
export async function runGenerateJob(deps: DocumentsDeps, payload: { exportId: string }, job: JobContext) {
  const db = withExports(deps.db);
  const row = await db
    .selectFrom('document_exports')
    .select(exportColumns)
    .where('id', '=', payload.exportId)
    .executeTakeFirst();
  if (!row || row.status === 'completed') return;
  const started = await db
    .updateTable('document_exports')
    .set({ status: 'running' })
    .where('id', '=', row.id)
    // Not an export another attempt completed (or the queue gave up) since it was read.
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (started.numUpdatedRows === 0n) return; // deleted, completed or given up since it was read
  try {
    await faultPoint(faultPoints.documentsGenerate); // docs/reliability.md; inert unless armed
    await complete(deps, row);
  } catch (error) {
    // A failure another attempt would meet again (the range past the bound, the account gone) is final at once.
    const final = job.attempt > retryLimit || (error instanceof ExportFailure && error.final);
    // The caller reads a fixed reason; the error itself goes to the queue's record and its log.
    const reason = callerReason(error);
    const recorded = await db
      .updateTable('document_exports')
      .set({
        status: final ? 'failed' : 'queued',
        error: final ? reason : `Attempt ${job.attempt} failed; retrying`,
      })
      .where('id', '=', row.id)
      // An export already given up keeps the reason it was given up for.
      .where('status', '=', 'running')
      .executeTakeFirst();
    // Deleted meanwhile (its consent ended, its client was deleted): nothing to retry or record.
    if (!(await exportExists(db, row.id))) return;
    // Failed for good: a file an earlier attempt stored before its process was killed, never
    // recorded, is removed where the store puts it, as a job given up has it removed
    // (`abandonGenerateJob`). Before 2026-12-04 it stayed in the folder or the bucket, its export
    // failed, until the export was deleted. (This attempt's own file went in `complete`.)
    if (final && recorded.numUpdatedRows > 0n) {
      const name = { tenantId: row.tenant_id, exportId: row.id, extension: extensionOf(row.content_type) };
      await removeExportFileOrQueue(storeDeps(deps), { name, stored: null });
    }
    throw error;
  }
}

async function exportExists(db: Kysely<DocumentsDatabase>, id: string): Promise<boolean> {
  const found = await db.selectFrom('document_exports').select('id').where('id', '=', id).executeTakeFirst();
  return found !== undefined;
}

/**
 * The queue gave the job up because its worker's process ended during the last attempt
 * (docs/reliability.md): the export says so instead of staying `running` for ever, and a file the
 * worker had stored before it ended, never recorded, is removed. A file that cannot be removed is
 * logged and its removal queued (`removeExportFileOrQueue`), and the export stays failed; its
 * deletion (a consent's end, the requester's trimming) removes the file too. Before 2026-12-02
 * the failure was thrown, and one file the hourly sweep could not remove ended its loop over the
 * other orphaned exports and skipped what came after it.
 */
export async function abandonGenerateJob(
  deps: Pick<DocumentsDeps, 'db' | 'store' | 'log'>,
  payload: { exportId: string },
  reason: string,
): Promise<void> {
  const abandoned = await withExports(deps.db)
    .updateTable('document_exports')
    .set({ status: 'failed', error: reason })
    .where('id', '=', payload.exportId)
    .where('status', 'in', ['queued', 'running'])
    .returning(['tenant_id', 'content_type'])
    .executeTakeFirst();
  if (!abandoned) return;
  const name = {
    tenantId: abandoned.tenant_id,
    exportId: payload.exportId,
    extension: extensionOf(abandoned.content_type),
  };
  await removeExportFileOrQueue(storeDeps(deps), { name, stored: null });
}

/** What removing a file takes: the database (to queue the removal the store refused), the store, the log. */
function storeDeps(deps: Pick<DocumentsDeps, 'db' | 'store' | 'log'>) {
  return { db: deps.db, store: deps.store ?? databaseDocumentStore, log: deps.log };
}

async function complete(deps: DocumentsDeps, row: ExportRow): Promise<Buffer> {
  const bytes = await generate(deps, row);
  const store = deps.store ?? databaseDocumentStore;
  const stored = await store.save({
    tenantId: row.tenant_id,
    exportId: row.id,
    extension: extensionOf(row.content_type),
    bytes,
  });
  await faultPoint(faultPoints.documentsStored); // docs/reliability.md; inert unless armed
  // The row says `completed` only once the file is stored; if that cannot be recorded, the file goes.
  try {
    const updated = await withExports(deps.db)
      .updateTable('document_exports')
      .set({
        status: 'completed',
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size_bytes: bytes.length,
        storage: stored.storage,
        storage_key: stored.key,
        content: stored.content,
        error: null,
        completed_at: new Date(),
      })
      .where('id', '=', row.id)
      // Still this attempt's: not removed, and not given up meanwhile (a lease that lapsed under
      // a slow worker, another instance's abandonGenerateJob), which would leave `completed` naming
      // a file the give-up removed.
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n)
      throw new Error('The export was removed or given up while it was generated');
  } catch (error) {
    // Unless another attempt (a lapsed lease's successor) recorded this very file completed: its
    // key is the export's, the same for every attempt, and removing it left `completed` naming
    // a file that was gone. Both attempts have saved by now (the other recorded after its save),
    // and the later save's bytes are the file: the record is made to match them (each rendering
    // carries its own "Generated" time, so the other's hash would fail `documents/verify`).
    if (!(await matchRecordToFile(deps.db, row.id, store, stored))) {
      const name = { tenantId: row.tenant_id, exportId: row.id, extension: extensionOf(row.content_type) };
      await removeExportFileOrQueue(storeDeps(deps), { name, stored });
    }
    throw error;
  }
  return bytes;
}

/**
 * When the export's record is completed and names this attempt's file (another attempt recorded
 * it), records the hash and size of the bytes the store now holds there, and answers true: the
 * file is kept. A file that cannot be read back is kept too (the record may still name it).
 */
async function matchRecordToFile(
  db: Kysely<Database>,
  exportId: string,
  store: DocumentStore,
  stored: StoredFile,
): Promise<boolean> {
  if (stored.key === null) return false;
  const bytes = await store.load(stored).catch(() => undefined);
  if (bytes === undefined) return true;
  const updated = await withExports(db)
    .updateTable('document_exports')
    .set({ sha256: createHash('sha256').update(bytes).digest('hex'), size_bytes: bytes.length })
    .where('id', '=', exportId)
    .where('status', '=', 'completed')
    .where('storage_key', '=', stored.key)
    .executeTakeFirst()
    .catch(() => undefined);
  // A failed update leaves the file: whether the record names it is not known.
  return updated === undefined || updated.numUpdatedRows > 0n;
}

/** How long an export may stay queued or running without a job waiting or running for it before it is given up. */
export const orphanedExportMs = 15 * 60 * 1000;

export const orphanedExportReason = 'The export stopped before it finished; please ask for it again';

/**
 * Gives up the exports no job will ever finish: one recorded while its process ended before its
 * job was queued (`requestExport`), or during a `GET financialpassport/export` (`generateExportNow`,
 * which has no job); and one whose job is no longer waiting or running: the queue gave the job up
 * (a lapsed lease, no attempt left) and its process ended before the abandoned-job hook wrote the
 * export failed, or the hook failed (logged, not tried again); the last attempt's own `failed`
 * write failed; two attempts overlapped after a lapsed lease, and one put the export back to
 * `queued` as the other ended the job; or the job's row is gone (ended jobs are swept after 7
 * days). Before 2026-11-30 these stayed "queued" or "running" for ever, and the portal polled them
 * each second while the page was open; until 2026-12-01 an export whose job had ended was still
 * left so. A file stored before the end is removed; one that cannot be is logged, and the sweep goes
 * on with the others (`abandonGenerateJob`).
 */
export async function abandonOrphanedExports(
  deps: Pick<DocumentsDeps, 'db' | 'store' | 'log'>,
  now: Date = new Date(),
): Promise<number> {
  const orphans = await withExports(deps.db)
    .selectFrom('document_exports')
    .select('id')
    // The statuses written out, not bound: a prepared statement's generic plan can then use the
    // partial index of unfinished exports (migration 0027), whose condition is the same.
    // Parenthesised: Kysely joins a raw condition to the others with `and` as written.
    .where(sql<boolean>`(status in ('queued', 'running'))`)
    .where('created_at', '<', new Date(now.getTime() - orphanedExportMs))
    .where(
      sql<boolean>`(job_id is null or not exists (
        select 1 from jobs where jobs.id = document_exports.job_id and jobs.state in ('created', 'active')))`,
    )
    .execute();
  for (const { id } of orphans) await abandonGenerateJob(deps, { exportId: id }, orphanedExportReason);
  return orphans.length;
}

/** How a refusal names the bound, at the request and in the job alike. */
const overTheBound = (maxTransactions: number) =>
  `more than ${maxTransactions.toLocaleString('en-AU')} transactions, the most one document holds`;

/** The accounts whose transactions the overview counts. */
const includedAccountIds = (accounts: readonly DocumentAccount[]) =>
  accounts.filter((account) => account.included).map((account) => account.id);

/** The job's refusal of a range grown past the bound since the request was checked. */
const grownPastTheBound = (maxTransactions: number) =>
  new ExportFailure(`The period now holds ${overTheBound(maxTransactions)}; ask for a shorter period`, {
    final: true,
  });

/**
 * A document's transactions, at most `maxTransactions` of them: the range may have grown since
 * the request was checked (an import in between), and the job then fails saying so instead of
 * loading and rendering every row.
 */
async function documentTransactions(
  db: Kysely<Database>,
  maxTransactions: number,
  client: ClientRef,
  range: TransactionRange,
): Promise<DocumentTransaction[]> {
  const rows = await loadTransactions(db, client, { ...range, limit: maxTransactions + 1 });
  if (rows.length <= maxTransactions) return rows;
  throw grownPastTheBound(maxTransactions);
}

const dateText = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/**
 * Runs a document's reads in one snapshot (REPEATABLE READ): the accounts' current balances, the
 * period's transactions and the sums after it are read as of one moment, so a bank refresh that
 * commits between two of them cannot put the balances out by what it added (before 2026-12-03
 * each was a statement of its own). It only reads, so it cannot fail to serialise. On PGlite the
 * transaction holds the one session for the reads, so no other caller's write comes between them.
 * Inside a caller's transaction, the reads are that transaction's.
 */
function inSnapshot<T>(db: Kysely<Database>, read: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? read(db) : db.transaction().setIsolationLevel('repeatable read').execute(read);
}

async function generate(deps: DocumentsDeps, row: ExportRow): Promise<Buffer> {
  const maxTransactions = deps.maxTransactions ?? maxDocumentTransactions;
  const client: ClientRef = { tenantId: row.tenant_id, clientId: row.client_id };
  const actor: Principal = row.params.actor;
  const branding = await tenantBranding(row.tenant_id as TenantId);
  const from = row.from_date === null ? null : dateText(row.from_date);
  const to = dateText(row.to_date);
  // A custom range's label is the dialog's, also for an export recorded with the old label (its dates).
  const label = row.period === 'custom' ? customPeriodLabel : (row.params.periodLabel ?? '');
  const period = { label, from: from ?? to, to };
  const generatedAt = (deps.now ?? (() => new Date()))();

  // Everything is read in the snapshot; the rendering, which takes longest, comes after it ends.
  const render = await inSnapshot(deps.db, async (db): Promise<() => Promise<Buffer>> => {
    const names = await partyNames(db, client, actor);
    const heading = { ...names, generatedAt };
    const accounts = await loadAccounts(db, client);
    switch (row.kind) {
      case 'statement': {
        const account = accounts.find((candidate) => candidate.id === row.params.accountId);
        if (!account)
          throw new ExportFailure('The account of this statement no longer exists', { final: true });
        const transactions = await documentTransactions(db, maxTransactions, client, {
          accountIds: [account.id],
          from: period.from,
          to,
        });
        const closing = (await balancesAt(db, client, [account], to)).get(account.id) ?? 0;
        return () =>
          renderStatementPdf({
            branding,
            heading,
            account,
            period,
            figures: statementFigures(transactions, closing),
          });
      }
      case 'account_summary': {
        const balances = await balancesAt(db, client, accounts, to);
        return () =>
          renderAccountSummaryPdf({
            branding,
            heading,
            asOf: to,
            figures: accountSummaryFigures(accounts, balances),
          });
      }
      case 'insights': {
        // Still within the bound (counted as the request counted it, pending ones too).
        const range = { accountIds: includedAccountIds(accounts), from: period.from, to, pendingToo: true };
        if ((await countTransactionsUpTo(db, client, range, maxTransactions + 1)) > maxTransactions)
          throw grownPastTheBound(maxTransactions);
        // The figures of the Overview page's own call (`GET reports/transactions/budget_categories`),
        // month by month over the period: before 2026-12-03 the PDF counted by its own rules.
        const report = await budgetCategoryReport(
          db,
          { ...client, actor },
          { period: 'monthly', from_date: period.from, to_date: to },
        );
        const balances = await balancesAt(db, client, accounts, to);
        return () =>
          renderInsightsPdf({
            branding,
            heading,
            period,
            figures: insightsFigures(report),
            balances: accountSummaryFigures(accounts, balances),
          });
      }
      case 'transactions': {
        const wanted = row.params.accountIds ? new Set(row.params.accountIds) : undefined;
        const chosen = accounts.filter((account) => !wanted || wanted.has(account.id));
        const transactions = await documentTransactions(db, maxTransactions, client, {
          accountIds: chosen.map((account) => account.id),
          from: period.from,
          to,
        });
        const closing = await balancesAt(db, client, chosen, to);
        return () =>
          renderTransactionsXlsx({
            branding,
            ...names,
            generatedAt,
            period,
            accounts: chosen,
            transactions,
            balances: runningBalances(transactions, closing),
          });
      }
      case 'financial_passport': {
        const passport = await getFinancialPassport(
          db,
          { ...client, actor },
          {
            from_date: period.from,
            to_date: to,
            account_ids: row.params.accountIds,
            provider_account_ids: row.params.providerAccountIds,
          },
        );
        // Narrowed to fewer accounts than the client counts (`account_ids`, `provider_account_ids`):
        // the PDF names the ones it covers (before 2026-12-04 it read as the whole passport).
        const institutions = new Map(accounts.map((account) => [account.id, account.providerName]));
        const coversOnly =
          passport.accounts.length < includedAccountIds(accounts).length
            ? passport.accounts.map((account) => {
                const institution = institutions.get(account.id);
                return institution ? `${account.name} (${institution})` : account.name;
              })
            : null;
        return () =>
          renderFinancialPassportPdf({ branding, heading, periodLabel: period.label, passport, coversOnly });
      }
    }
  });
  return render();
}

/** Whose exports are read, and who reads them: an adviser sees only some (`visibleTo`). */
export type ExportViewer = ClientRef & { actor: Principal };

/**
 * The client's exports the viewer may see, newest first (the latest 200), optionally of one kind,
 * and of `readable` kinds only when given (an operator's, by its areas: filtered before the limit).
 */
export async function listExports(
  db: Kysely<Database>,
  viewer: ExportViewer,
  kind?: DocumentKind,
  readable?: ReadonlySet<DocumentKind>,
): Promise<DocumentExport[]> {
  let query = withExports(db)
    .selectFrom('document_exports')
    .select(exportColumns)
    .where('tenant_id', '=', viewer.tenantId)
    .where('client_id', '=', viewer.clientId)
    .where(visibleTo(viewer.actor));
  if (kind) query = query.where('kind', '=', kind);
  if (readable) {
    if (readable.size === 0) return [];
    query = query.where('kind', 'in', [...readable]);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
  return rows.map(toWireExport);
}

/** The client's exports that the viewer may see (of `kind`, when given), by id. */
function visibleExport(db: Kysely<Database>, viewer: ExportViewer, id: string, kind?: DocumentKind) {
  const query = withExports(db)
    .selectFrom('document_exports')
    .where('id', '=', id)
    .where('tenant_id', '=', viewer.tenantId)
    .where('client_id', '=', viewer.clientId)
    .where(visibleTo(viewer.actor));
  return kind ? query.where('kind', '=', kind) : query;
}

/** One of the client's exports that the viewer may see (of `kind`, when given), or 404. */
export async function findExport(
  db: Kysely<Database>,
  viewer: ExportViewer,
  id: string,
  kind?: DocumentKind,
): Promise<DocumentExport> {
  const row = await visibleExport(db, viewer, id, kind).select(exportColumns).executeTakeFirst();
  if (!row) throw new AppError('not_found', 'There is no such export');
  return toWireExport(row);
}

/**
 * The file of a completed export. One still being generated, or one that failed, answers 409
 * with its status (and reason) so that the caller can wait or ask again. The export and where its
 * file is are read in one statement; a file gone from the store by the time it is read (the export
 * deleted meanwhile: a consent withdrawn, the requester's own trimming; or the file lost) answers
 * 404, "The document is no longer available" (before 2026-12-02 both were a 500). A file lost
 * while its export stays is logged.
 */
export async function readExportFile(
  deps: Pick<DocumentsDeps, 'db' | 'store' | 'log'>,
  viewer: ExportViewer,
  id: string,
  kind?: DocumentKind,
): Promise<{ export: DocumentExport; bytes: Buffer }> {
  const row = await visibleExport(deps.db, viewer, id, kind)
    .select([...exportColumns, 'content'])
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'There is no such export');
  const found = toWireExport(row);
  if (found.status !== 'completed') {
    const why =
      found.status === 'failed' ? `failed: ${found.error ?? 'unknown reason'}` : `is ${found.status}`;
    throw new AppError('already_exists', `The document is not ready: its generation ${why}`);
  }
  const store = deps.store ?? databaseDocumentStore;
  try {
    const bytes = await store.load({
      storage: row.storage ?? 'database',
      key: row.storage_key,
      content: row.content === null ? null : Buffer.from(row.content),
    });
    return { export: found, bytes };
  } catch (error) {
    if (!(error instanceof MissingDocumentFile)) throw error;
    if (await exportExists(withExports(deps.db), id)) {
      deps.log?.error(
        { err: error, exportId: id },
        "documents: a completed export's file is missing from the store",
      );
    }
    throw noLongerAvailable(error);
  }
}

/**
 * A passport's `account_ids` and `provider_account_ids` as its export recorded them (`params`),
 * null for a whole one. Only a passport's: a spreadsheet's `account_ids` name its sheets' accounts
 * in the file itself.
 */
function passportNarrowing(row: {
  kind: DocumentKind;
  account_ids: number[] | null;
  provider_account_ids: number[] | null;
}): PassportNarrowing | null {
  if (row.kind !== 'financial_passport') return null;
  if (row.account_ids === null && row.provider_account_ids === null) return null;
  return { account_ids: row.account_ids, provider_account_ids: row.provider_account_ids };
}

/**
 * Whether a presented file is one the platform produced for the caller's tenant (a client: for
 * itself), by its SHA-256; any changed byte gives another digest. The export it matches is named
 * only to a caller who could open it (`openableBy`), and an admin user's look at it is audited.
 * A passport narrowed to some accounts says so (`narrowed_to`), from the ids its export recorded.
 */
export async function verifyDocument(
  db: Kysely<Database>,
  principal: Principal,
  bytes: Buffer,
): Promise<DocumentVerification> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let query = withExports(db)
    .selectFrom('document_exports')
    .innerJoin('clients', 'clients.id', 'document_exports.client_id')
    .select((eb) => [
      'document_exports.id',
      'document_exports.client_id',
      'document_exports.kind',
      'document_exports.period',
      sql<string | null>`document_exports.from_date::text`.as('from_date'),
      sql<string | null>`document_exports.to_date::text`.as('to_date'),
      'document_exports.file_name',
      'document_exports.created_at',
      'clients.given_name',
      'clients.family_name',
      // Only the ids of `params` (its `actor` is the requester's principal, not for the answer).
      sql<number[] | null>`document_exports.params -> 'accountIds'`.as('account_ids'),
      sql<number[] | null>`document_exports.params -> 'providerAccountIds'`.as('provider_account_ids'),
      sql<boolean>`${openableBy(db, principal)(eb)}`.as('openable'),
    ])
    .where('document_exports.sha256', '=', sha256)
    .where('document_exports.status', '=', 'completed')
    .where('document_exports.tenant_id', '=', principal.tenantId);
  if (principal.kind === 'client') query = query.where('document_exports.client_id', '=', principal.clientId);
  const row = await query
    .orderBy('openable', 'desc')
    .orderBy('document_exports.created_at')
    .executeTakeFirst();
  if (!row) return { verified: false, sha256, export: null };
  if (!row.openable) return { verified: true, sha256, export: null };
  if (principal.kind === 'admin_user') {
    await recordAudit(db, {
      actor: principal,
      action: 'document.verify',
      targetType: 'document_export',
      targetId: row.id,
      clientId: row.client_id,
    });
  }
  return {
    verified: true,
    sha256,
    export: {
      id: row.id,
      kind: row.kind,
      period: row.period,
      from_date: row.from_date === null ? null : dateText(row.from_date),
      to_date: row.to_date === null ? null : dateText(row.to_date),
      file_name: row.file_name,
      created_at: new Date(row.created_at).toISOString(),
      client_name: `${row.given_name} ${row.family_name}`.trim(),
      narrowed_to: passportNarrowing(row),
    },
  };
}

export type { DocumentExportsTable };
