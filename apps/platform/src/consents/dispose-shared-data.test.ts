import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentExport } from '@waratah/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientPrincipal } from '../auth/principal.ts';
import { withExports } from '../documents/document-exports.ts';
import { type DocumentStore, diskDocumentStore } from '../documents/document-store.ts';
import { requestExport, runGenerateJob } from '../documents/documents-service.ts';
import { fileRemovalDelayMs, removeQueuedExportFiles } from '../documents/export-file-removal.ts';
import { queuedFileRemovalsOf } from '../documents/testing/queued-file-removals.ts';
import {
  type ClientOfTwoPractices,
  clientOfTwoPractices,
} from '../documents/testing/shared-document-client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { applyJobsMigration } from '../jobs/testing/apply-jobs-migration.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForALockWait } from '../testing/lock-wait.ts';
import { expireConsents, withdrawConsent } from './consents-repository.ts';
import { disposeSharedData } from './dispose-shared-data.ts';

describe("a practice's exports once its consent ends (docs/open-banking.md)", () => {
  let testApp: TestApp;
  let dir: string;
  let disk: DocumentStore;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'documents-'));
    disk = diskDocumentStore(dir);
    testApp = await buildTestApp({ env: { DOCUMENT_STORE: 'disk', DOCUMENT_DIR: dir } });
    await applyJobsMigration(testApp.database.db);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    await rm(dir, { recursive: true, force: true });
  });

  const fileOf = (shared: ClientOfTwoPractices, found: DocumentExport) =>
    join(dir, shared.tenantId, `${found.id}.${found.content_type.includes('pdf') ? 'pdf' : 'xlsx'}`);
  const exists = (path: string) =>
    readFile(path).then(
      () => true,
      () => false,
    );
  const asClient = (shared: ClientOfTwoPractices) => ({
    tenantId: shared.tenantId,
    clientId: shared.clientId,
    actor: {
      kind: 'client',
      tenantId: shared.tenantId,
      clientId: shared.clientId,
      via: 'bearer',
    } satisfies ClientPrincipal,
  });
  const exportIds = async (clientId: number) =>
    (
      await withExports(testApp.database.db)
        .selectFrom('document_exports')
        .select('id')
        .where('client_id', '=', clientId)
        .execute()
    ).map((row) => row.id);
  const status = (url: string, headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url, headers }).then((response) => response.statusCode);

  describe('withdrawn, then the last consent expires', () => {
    let shared: ClientOfTwoPractices;
    const made = {} as Record<'aStatement' | 'aSheet' | 'bSummary' | 'own' | 'operator', DocumentExport>;

    beforeAll(async () => {
      shared = await clientOfTwoPractices(testApp.app);
      const { headers } = shared;
      made.aStatement = await shared.produce(headers.a, '/api/v2/statements', {
        account_id: shared.accountId,
        period: 'month',
      });
      made.aSheet = await shared.produce(headers.a, '/api/v2/documents/transactions', { period: 'month' });
      made.bSummary = await shared.produce(headers.b, '/api/v2/accounts/summary', {});
      made.own = await shared.produce(headers.client, '/api/v2/documents/insights', { period: 'month' });
      made.operator = await shared.produce(headers.operator, '/api/v2/accounts/summary', {});
      for (const found of Object.values(made)) expect(await exists(fileOf(shared, found))).toBe(true);
    }, 120_000);

    it("deletes practice A's exports and their files when A's consent is withdrawn", async () => {
      await withdrawConsent(testApp.database.db, asClient(shared), await shared.linkOf(shared.practiceA), {
        store: disk,
      });
      const left = await exportIds(shared.clientId);
      for (const gone of [made.aStatement, made.aSheet]) {
        expect(left).not.toContain(gone.id);
        expect(await exists(fileOf(shared, gone))).toBe(false);
        expect(await status(gone.download_path, shared.headers.client)).toBe(404);
        expect(await status(`/api/v2/documents/${gone.id}`, shared.headers.client)).toBe(404);
      }
      // B's consent still covers the shared data: B's, the operator's and the client's own stay.
      for (const kept of [made.bSummary, made.operator, made.own]) {
        expect(left).toContain(kept.id);
        expect(await status(kept.download_path, shared.headers.client)).toBe(200);
      }
    });

    it("deletes every export but the client's own when the last consent expires", async () => {
      await testApp.database.db
        .updateTable('client_links')
        .set({ consent_expiry: new Date(Date.now() - 60_000) })
        .where('id', '=', await shared.linkOf(shared.practiceB))
        .execute();
      expect(await expireConsents(testApp.database.db, new Date(), { store: disk })).toBeGreaterThan(0);
      expect(await exportIds(shared.clientId)).toEqual([made.own.id]);
      for (const gone of [made.bSummary, made.operator]) {
        expect(await exists(fileOf(shared, gone))).toBe(false);
        expect(await status(gone.download_path, shared.headers.client)).toBe(404);
      }
      expect(await status(made.own.download_path, shared.headers.client)).toBe(200);
    });
  });

  it('expires the consents it can when one fails, removes their files, and tries the failed one again', async () => {
    const shared = await clientOfTwoPractices(testApp.app);
    const made = await shared.produce(shared.headers.a, '/api/v2/accounts/summary', {});
    const db = testApp.database.db;
    const [linkA, linkB] = [await shared.linkOf(shared.practiceA), await shared.linkOf(shared.practiceB)];
    // A expires first, then B, whose update this trigger refuses (a deadlock or a timeout, say).
    await db
      .updateTable('client_links')
      .set({ consent_expiry: new Date(Date.now() - 120_000) })
      .where('id', '=', linkA)
      .execute();
    await db
      .updateTable('client_links')
      .set({ consent_expiry: new Date(Date.now() - 60_000) })
      .where('id', '=', linkB)
      .execute();
    await sql`create function refuse_expiry_for_test() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`.execute(db);
    await sql`create trigger refuse_expiry_for_test before update on client_links for each row
      when (old.id = ${sql.lit(linkB)}) execute function refuse_expiry_for_test()`.execute(db);
    const statusOf = async (id: number) =>
      (
        await db
          .selectFrom('client_links')
          .select('consent_status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).consent_status;
    try {
      await expect(expireConsents(db, new Date(), { store: disk })).rejects.toThrow(/could not be expired/);
      // A expired and its file is gone, though B failed after it.
      expect(await statusOf(linkA)).toBe('expired');
      expect(await exists(fileOf(shared, made))).toBe(false);
      expect(await statusOf(linkB)).not.toBe('expired');
    } finally {
      await sql`drop trigger refuse_expiry_for_test on client_links`.execute(db);
      await sql`drop function refuse_expiry_for_test()`.execute(db);
    }
    // The next sweep expires B.
    await expireConsents(db, new Date(), { store: disk });
    expect(await statusOf(linkB)).toBe('expired');
  });

  it('queues the removal of the files with the withdrawal: a file the store refused after the commit is removed by the job', async () => {
    const shared = await clientOfTwoPractices(testApp.app);
    const made = await shared.produce(shared.headers.a, '/api/v2/accounts/summary', {});
    expect(await exists(fileOf(shared, made))).toBe(true);
    // The bucket or the volume refuses every delete after the commit (or the process ends there).
    const refusing: DocumentStore = {
      ...disk,
      remove: async () => {
        throw new Error('The volume is out of reach');
      },
    };
    const withdrawn = Date.now();
    await withdrawConsent(testApp.database.db, asClient(shared), await shared.linkOf(shared.practiceA), {
      store: refusing,
    });
    expect(await exportIds(shared.clientId)).not.toContain(made.id);
    expect(await exists(fileOf(shared, made))).toBe(true);
    const [job, ...others] = await queuedFileRemovalsOf(testApp.database.db, [made.id]);
    if (!job) throw new Error("The withdrawal queued no removal of its exports' files");
    expect(others).toEqual([]);
    expect(job.startAfter.getTime()).toBeGreaterThanOrEqual(withdrawn + fileRemovalDelayMs);
    await removeQueuedExportFiles({ db: testApp.database.db, store: disk }, job.payload);
    expect(await exists(fileOf(shared, made))).toBe(false);
  });

  it('answers 404 for the exports of a practice whose consent the client withdrew through the API', async () => {
    const shared = await clientOfTwoPractices(testApp.app);
    const made = await shared.produce(shared.headers.a, '/api/v2/accounts/summary', {});
    const withdrawn = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v2/consents/${await shared.linkOf(shared.practiceA)}`,
      headers: shared.headers.client,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await exportIds(shared.clientId)).not.toContain(made.id);
    expect(await status(made.download_path, shared.headers.client)).toBe(404);
    expect(await status(made.download_path, shared.headers.operator)).toBe(404);
  });

  const adviserOf = (shared: ClientOfTwoPractices) => ({
    kind: 'admin_user' as const,
    tenantId: shared.tenantId,
    adminUserId: shared.adviserA.adminUser.id,
    role: 'adviser' as const,
    externalPartyId: shared.practiceA,
    via: 'bearer' as const,
  });
  const recordingQueue = {
    enqueue: async () => 'job-recorded',
    work: async () => {},
    stop: async () => {},
  } as JobQueue;

  it("answers 404 and records nothing when the adviser's consent ended after the access check", async () => {
    const shared = await clientOfTwoPractices(testApp.app);
    const db = testApp.database.db;
    const before = await exportIds(shared.clientId);
    // The scope is what the access check gave while the consent was current; the client then withdrew.
    const scope = { tenantId: shared.tenantId, clientId: shared.clientId, actor: adviserOf(shared) };
    await withdrawConsent(db, asClient(shared), await shared.linkOf(shared.practiceA), { store: disk });
    const context = { scope, features: async () => new Set<never>(), source: 'body' as const };
    await expect(
      requestExport({ db, queue: recordingQueue }, { kind: 'account_summary', asOf: undefined }, context),
    ).rejects.toMatchObject({ type: 'not_found' });
    expect(await exportIds(shared.clientId)).toEqual(before);
  });

  /**
   * A withdrawal's own steps for the practice's consent, on a connection of their own, held open
   * before the commit (PostgreSQL only: PGlite runs one transaction at a time).
   */
  async function withdrawalHeldOpen(shared: ClientOfTwoPractices, practiceId: number) {
    const db = testApp.database.db;
    const link = await shared.linkOf(practiceId);
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let disposed = () => {};
    const disposedYet = new Promise<void>((resolve) => {
      disposed = resolve;
    });
    const withdrawal = db.transaction().execute(async (trx) => {
      await trx
        .updateTable('client_links')
        .set({ consent_status: 'withdrawn' })
        .where('id', '=', link)
        .execute();
      await disposeSharedData(trx, { tenantId: shared.tenantId, clientId: shared.clientId, practiceId });
      disposed();
      await finished;
    });
    await disposedYet;
    return {
      async commit() {
        finish();
        await withdrawal;
      },
    };
  }

  it.runIf(process.env.DATABASE_URL)(
    'two consents withdrawn at once on two connections: the second disposal waits for the first, then deletes the shared data',
    async () => {
      const shared = await clientOfTwoPractices(testApp.app);
      const db = testApp.database.db;
      const operator = await shared.produce(shared.headers.operator, '/api/v2/accounts/summary', {});
      const first = await withdrawalHeldOpen(shared, shared.practiceA);
      // Before the disposal lock, the second saw A still current (A's withdrawal not committed) and
      // the first saw B current: neither deleted what only a current consent covers.
      const second = withdrawConsent(db, asClient(shared), await shared.linkOf(shared.practiceB), {
        store: disk,
      });
      await waitForALockWait(
        db,
        "The second disposal never waited on the first: both can miss the client's last consent",
      );
      await first.commit();
      await second;
      expect(await exportIds(shared.clientId)).not.toContain(operator.id);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    "an operator's export asked for while the last consent ends waits for it, so it is made from what is left",
    async () => {
      const shared = await clientOfTwoPractices(testApp.app);
      const db = testApp.database.db;
      await withdrawConsent(db, asClient(shared), await shared.linkOf(shared.practiceB), { store: disk });
      const last = await withdrawalHeldOpen(shared, shared.practiceA);
      const asked = testApp.app.inject({
        method: 'POST',
        url: '/api/v2/accounts/summary',
        headers: shared.headers.operator,
        payload: {},
      });
      await waitForALockWait(db, "The operator's export never waited on the client's last consent ending");
      await last.commit();
      // An operator sees the client without a consent: recorded, but only once the disposal committed.
      expect((await asked).statusCode).toBe(202);
    },
  );

  // Needs a second connection: PGlite runs one transaction at a time, so no withdrawal can be under
  // way while an export is recorded.
  it.runIf(process.env.DATABASE_URL)(
    'an export asked for while a withdrawal commits on another connection is refused, not left behind',
    async () => {
      const shared = await clientOfTwoPractices(testApp.app);
      const db = testApp.database.db;
      // The consent in use already, so the access check itself writes nothing to the held link.
      expect(await status('/api/v2/documents', shared.headers.a)).toBe(200);
      const before = await exportIds(shared.clientId);
      const withdrawal = await withdrawalHeldOpen(shared, shared.practiceA);
      const asked = testApp.app.inject({
        method: 'POST',
        url: '/api/v2/accounts/summary',
        headers: shared.headers.a,
        payload: {},
      });
      await waitForALockWait(db, 'The export never waited on the withdrawal: it cannot hold the consent');
      await withdrawal.commit();
      const answer = await asked;
      expect(answer.statusCode, answer.body).toBe(404);
      expect(await exportIds(shared.clientId)).toEqual(before);
    },
  );

  it('leaves no file and no failure when the consent ends while the export is generated', async () => {
    const shared = await clientOfTwoPractices(testApp.app);
    const db = testApp.database.db;
    // A queue that only records: the test runs the attempt itself.
    const queue = recordingQueue;
    const actor = adviserOf(shared);
    const queued = await requestExport(
      { db, queue },
      { kind: 'account_summary', asOf: undefined },
      {
        scope: { tenantId: shared.tenantId, clientId: shared.clientId, actor },
        features: async () => new Set(),
        source: 'body',
      },
    );
    const linkA = await shared.linkOf(shared.practiceA);
    // The client withdraws while the worker renders, just before its file is stored.
    const store: DocumentStore = {
      async save(input) {
        await withdrawConsent(db, asClient(shared), linkA, { store: disk });
        return disk.save(input);
      },
      locate: (name) => disk.locate(name),
      load: (file) => disk.load(file),
      remove: (file) => disk.remove(file),
    };
    await expect(
      runGenerateJob({ db, queue, store }, { exportId: queued.id }, { id: 'job-recorded', attempt: 1 }),
    ).resolves.toBeUndefined();
    expect(await exportIds(shared.clientId)).not.toContain(queued.id);
    expect(await exists(fileOf(shared, queued))).toBe(false);
  });
});
