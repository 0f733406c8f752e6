import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoFinances, DemoTransaction } from '../demo-data/demo-finances-types.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { applyJobsMigration } from '../jobs/testing/apply-jobs-migration.ts';
import { recordingQueue } from '../jobs/testing/recording-queue.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { holdLocked, waitForALockWait } from '../testing/lock-wait.ts';
import { adviserScopeOf } from '../testing/signed-in-adviser-with-client.ts';
import { withExports } from './document-exports.ts';
import { type DocumentStore, diskDocumentStore } from './document-store.ts';
import {
  abandonOrphanedExports,
  type DocumentsDeps,
  type ExportRequest,
  orphanedExportReason,
  type RequestContext,
  readExportFile,
  requestExport,
  runGenerateJob,
} from './documents-service.ts';
import { formatAud } from './format-aud.ts';
import { everyday, financesOf, termDeposit } from './testing/document-finances.ts';
import { adviserWithDocumentClient } from './testing/document-test-client.ts';
import { queuedFileRemovalsOf } from './testing/queued-file-removals.ts';

const summary: ExportRequest = { kind: 'account_summary', asOf: undefined };
const noLongerAvailable = { type: 'not_found', message: 'The document is no longer available' };

describe('an export deleted while a request is using it', () => {
  let testApp: TestApp;
  let dir: string;
  let disk: DocumentStore;

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
    dir = await mkdtemp(join(tmpdir(), 'waratah-documents-service-'));
    disk = diskDocumentStore(dir);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A client of its own, asked for by its adviser. */
  const newClient = async (): Promise<RequestContext> => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    return {
      scope: adviserScopeOf(fixture),
      features: async () => new Set(),
      source: 'body',
    };
  };
  /** What a consent withdrawn or an unlink does to an export: its row goes, then its file. */
  const deleteExport = async (id: string) => {
    await withExports(testApp.database.db).deleteFrom('document_exports').where('id', '=', id).execute();
    await disk.remove(disk.locate({ tenantId: 'waratah', exportId: id, extension: 'pdf' }));
  };
  const statusOf = async (id: string) =>
    (await withExports(testApp.database.db)
      .selectFrom('document_exports')
      .select(['status', 'error'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null;

  it('answers 404 to the request that asked for it when it goes before it is read back', async () => {
    const context = await newClient();
    let queuedFor: string | undefined;
    // The withdrawal commits after the export was recorded and its job queued.
    const queue = {
      ...recordingQueue,
      enqueue: async (_name: string, payload: { exportId: string }) => {
        queuedFor = payload.exportId;
        await deleteExport(payload.exportId);
        return 'job-waiting';
      },
    } as unknown as JobQueue;
    // Before 2026-12-02 Kysely's "no result" error, a 500.
    await expect(
      requestExport({ db: testApp.database.db, queue, store: disk }, summary, context),
    ).rejects.toMatchObject(noLongerAvailable);
    expect(await statusOf(queuedFor ?? '')).toBeNull();
  });

  it('answers 404 to a download when it goes, or its file is lost, before the file is read', async () => {
    const context = await newClient();
    const logged: { object: unknown; message: string }[] = [];
    const deps: DocumentsDeps = {
      db: testApp.database.db,
      queue: recordingQueue,
      store: disk,
      log: { error: (object: unknown, message: string) => logged.push({ object, message }) } as never,
    };
    const completed = async () => {
      const queued = await requestExport(deps, summary, context);
      await runGenerateJob(deps, { exportId: queued.id }, { id: 'job-waiting', attempt: 1 });
      expect(await statusOf(queued.id)).toMatchObject({ status: 'completed' });
      return queued.id;
    };
    const viewer = { ...context.scope };
    const withdrawn = await completed();
    // The row was read; the withdrawal (or the requester's own trimming) deletes it and its file.
    const withdrawing: DocumentStore = {
      ...disk,
      async load(file) {
        await deleteExport(withdrawn);
        return disk.load(file);
      },
    };
    // Before 2026-12-02 the store's "missing" error, a 500.
    await expect(readExportFile({ ...deps, store: withdrawing }, viewer, withdrawn)).rejects.toMatchObject(
      noLongerAvailable,
    );
    expect(logged).toEqual([]);

    // A file lost from the store while its export stays: 404 too, and logged.
    const lost = await completed();
    await disk.remove(disk.locate({ tenantId: 'waratah', exportId: lost, extension: 'pdf' }));
    await expect(readExportFile(deps, viewer, lost)).rejects.toMatchObject(noLongerAvailable);
    expect(logged).toMatchObject([
      {
        object: { exportId: lost },
        message: "documents: a completed export's file is missing from the store",
      },
    ]);
    // The file of one still there is served.
    const kept = await completed();
    expect((await readExportFile(deps, viewer, kept)).bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives up every orphaned export when a file cannot be removed, logging it, and goes on', async () => {
    const context = await newClient();
    const ids: string[] = [];
    for (let n = 0; n < 2; n += 1)
      ids.push(
        (await requestExport({ db: testApp.database.db, queue: recordingQueue }, summary, context)).id,
      );
    const now = new Date();
    // Recorded 20 minutes ago, and their process ended before their jobs were queued.
    await withExports(testApp.database.db)
      .updateTable('document_exports')
      .set({ job_id: null, created_at: new Date(now.getTime() - 20 * 60 * 1000) })
      .where('id', 'in', ids)
      .execute();
    const unreachable: DocumentStore = {
      ...disk,
      async remove() {
        throw new Error('Object storage could not be reached (DELETE s3://documents/…)');
      },
    };
    const logged: { object: unknown; message: string }[] = [];
    const log = { error: (object: unknown, message: string) => logged.push({ object, message }) };
    // Before 2026-12-02 the first failed removal was thrown: the second export stayed queued, and
    // the hourly sweep skipped what came after it.
    expect(
      await abandonOrphanedExports({ db: testApp.database.db, store: unreachable, log: log as never }, now),
    ).toBe(2);
    for (const id of ids)
      expect(await statusOf(id)).toEqual({ status: 'failed', error: orphanedExportReason });
    expect(logged.map(({ message }) => message)).toEqual([
      "documents: an export's file could not be removed; its removal is queued",
      "documents: an export's file could not be removed; its removal is queued",
    ]);
    expect(logged.map(({ object }) => (object as { exportId: string }).exportId).sort()).toEqual(
      [...ids].sort(),
    );
    // Tried again by the queue until the store takes it (documents.remove-files).
    for (const id of ids) expect(await queuedFileRemovalsOf(testApp.database.db, [id])).toHaveLength(1);
  });
});

describe('what a document reads and shows', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
  }, 120_000);
  afterAll(() => testApp.close());

  const october = { from_date: '2025-10-01', to_date: '2025-10-31' };
  const tx = (
    date: string,
    cents: number,
    description: string,
    categoryKey: string,
    budget: DemoTransaction['budget'],
    pending = false,
  ): DemoTransaction => ({
    account: 0,
    date,
    cents,
    description,
    merchant: null,
    categoryKey,
    budget,
    pending,
  });
  /** An everyday account holding `transactions`, and a term deposit that has none. */
  const financesWith = (transactions: DemoTransaction[]): DemoFinances =>
    financesOf('2025-11-01', [everyday, termDeposit], transactions);
  /** A client of its own holding `finances`, asked for by its adviser, who may choose dates. */
  const clientWith = async (finances: DemoFinances) => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'waratah', finances);
    const context: RequestContext = {
      scope: adviserScopeOf(fixture),
      features: async () => new Set(['generate_bank_statement_custom_date']),
      source: 'body',
    };
    return { accountIds: fixture.accountIds, context };
  };
  const deps = (): DocumentsDeps => ({ db: testApp.database.db, queue: recordingQueue });
  /** The text lines of a PDF export, once its job has run. */
  const linesOf = async (id: string, context: RequestContext) => {
    await runGenerateJob(deps(), { exportId: id }, { id: 'job-waiting', attempt: 1 });
    const { bytes } = await readExportFile(deps(), context.scope, id);
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
    return text.join('\n').split('\n');
  };

  it('counts the financial overview’s figures as the Overview page does: refunds netted, transfers by budget category', async () => {
    const { context } = await clientWith(
      financesWith([
        tx('2025-10-10', 500_000, 'SALARY ACME PTY LTD', 'SALARY', 'income'),
        tx('2025-10-12', -120_000, 'JB HI-FI', 'SHOPPING', 'lifestyle'),
        tx('2025-10-14', 120_000, 'JB HI-FI REFUND', 'SHOPPING', 'lifestyle'),
        tx('2025-10-20', -30_000, 'TRANSFER TO A FRIEND', 'TRANSFER', 'one_off'),
      ]),
    );
    const queued = await requestExport(deps(), { kind: 'insights', period: october }, context);
    const lines = await linesOf(queued.id, context);
    // Before 2026-12-03: expenses -$1,200.00 (the refunded purchase), savings rate 76.0 %, a
    // "Shopping" category, and the transfer out left out; the page spent $300 that month.
    expect(lines).toContain(`Income ${formatAud(500_000)}`);
    expect(lines).toContain(`Expenses ${formatAud(-30_000)}`);
    expect(lines).toContain(`Net ${formatAud(470_000)}`);
    expect(lines).toContain('Savings rate 94.0%');
    expect(lines).toContain('Transactions 4');
    expect(lines).toContain(`Oct 2025 ${formatAud(500_000)} ${formatAud(-30_000)} ${formatAud(470_000)}`);
    expect(lines).toContain(`One-off ${formatAud(-30_000)} 100.0%`);
    expect(lines.some((line) => /^(Shopping|Lifestyle) /.test(line))).toBe(false);
  });

  it('makes a custom-dates statement of an account without transactions from its balance', async () => {
    const { accountIds, context } = await clientWith(
      financesWith([tx('2025-10-10', 500_000, 'SALARY ACME PTY LTD', 'SALARY', 'income')]),
    );
    const [everyday = 0, termDeposit = 0] = accountIds;
    // Before 2026-12-03 a 400: "is beyond the data: the client has no transactions".
    const queued = await requestExport(
      deps(),
      { kind: 'statement', period: october, accountId: termDeposit },
      context,
    );
    expect(queued).toMatchObject({ period: 'custom', from_date: '2025-10-01', to_date: '2025-10-31' });
    const lines = await linesOf(queued.id, context);
    expect(lines).toContain(`Opening balance (1 Oct 2025) ${formatAud(2_000_000)}`);
    expect(lines).toContain(`Closing balance (31 Oct 2025) ${formatAud(2_000_000)}`);
    expect(lines).toContain('Transactions 0');
    // The range is named once, by the dialog's label and its dates.
    expect(lines).toContain('Term deposit · Custom dates: 1 Oct 2025 to 31 Oct 2025');

    // An account with transactions still bounds the range by its first, and the refusal names it.
    await expect(
      requestExport(
        deps(),
        {
          kind: 'statement',
          period: { from_date: '2025-01-01', to_date: '2025-03-31' },
          accountId: everyday,
        },
        context,
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      fields: [{ field: 'body.to_date', message: "is before the account's first transaction (2025-10-10)" }],
    });
  });

  // Needs a second connection: PGlite runs one statement at a time and the job's reads now hold it.
  it.runIf(process.env.DATABASE_URL)(
    'reads a statement’s balance and transactions as of one moment, whatever a refresh commits between them',
    async () => {
      const { accountIds, context } = await clientWith(
        financesWith([
          tx('2025-10-10', 500_000, 'SALARY ACME PTY LTD', 'SALARY', 'income'),
          tx('2025-10-20', -7_500, 'CAFE PENDING', 'DINING', 'lifestyle', true),
          tx('2025-10-25', -12_000, 'WOOLWORTHS', 'GROCERIES', 'living'),
        ]),
      );
      const [everyday = 0] = accountIds;
      const db = testApp.database.db;
      const statement = { kind: 'statement' as const, period: october, accountId: everyday };
      const summaryOf = (lines: string[]) =>
        lines.filter((line) => /^(Opening|Closing) balance|^Transactions /.test(line));
      const before = summaryOf(await linesOf((await requestExport(deps(), statement, context)).id, context));
      expect(before).toContain('Transactions 2');

      const queued = await requestExport(deps(), statement, context);
      // The job's reads of the transactions wait on this lock; meanwhile a refresh posts the pending
      // purchase and the account's current balance takes it, both committed before they go on.
      const refresh = await holdLocked(
        db,
        (trx) => sql`lock table transactions in access exclusive mode`.execute(trx),
        async (trx) => {
          const posted = await trx
            .updateTable('transactions')
            .set({ status: 'posted' })
            .where('account_id', '=', everyday)
            .where('status', '=', 'pending')
            .executeTakeFirst();
          expect(posted.numUpdatedRows).toBe(1n);
          await trx
            .updateTable('accounts')
            .set({ current_balance: sql`current_balance - 75.00` })
            .where('id', '=', everyday)
            .execute();
        },
      );
      const made = linesOf(queued.id, context);
      await waitForALockWait(db, 'The statement never read the transactions while the refresh held them');
      await refresh.release();
      // As before the refresh: before 2026-12-03 the current balance was read before it and the
      // transactions after it, and the opening balance was out by the posted $75.
      expect(summaryOf(await made)).toEqual(before);
    },
  );
});
