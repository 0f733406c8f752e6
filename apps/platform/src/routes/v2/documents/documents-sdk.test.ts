import { createHash } from 'node:crypto';
import {
  createApiClient,
  createDocumentDownloads,
  getDocumentExport,
  isApiError,
  isExportSettled,
  listDocumentExports,
  listFinancialPassportExports,
  requestAccountSummary,
  requestFinancialPassportExport,
  requestInsightsExport,
  requestStatement,
  requestTransactionsExport,
} from '@waratah/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from '../../../demo-data/inject-fetch.ts';
import { adviserWithDocumentClient } from '../../../documents/testing/document-test-client.ts';
import { applyJobsMigration } from '../../../jobs/testing/apply-jobs-migration.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';

describe('the documents SDK against the real server', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof adviserWithDocumentClient>>;
  let options: Parameters<typeof createApiClient>[0];

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
    fixture = await adviserWithDocumentClient(testApp.app, 'moneypartner');
    options = {
      baseUrl: 'http://moneypartner.localhost:8080',
      apiVersion: '2.30',
      getAccessToken: () => fixture.adviser.accessToken,
      fetch: injectFetch(testApp.app, fixture.adviser.headers.host),
    };
  }, 60_000);
  afterAll(() => testApp.close());

  it('queues every kind, follows progress and downloads each file with its name and type', async () => {
    const client = createApiClient(options);
    const downloads = createDocumentDownloads(options);
    const as = { userId: fixture.clientId };
    const accountId = fixture.accountIds[0] ?? 0;
    const queued = [
      await requestStatement(client, { account_id: accountId, period: 'fortnight' }, as),
      await requestFinancialPassportExport(client, { period: 'three-months' }, as),
      await requestAccountSummary(client, {}, as),
      await requestInsightsExport(client, { period: 'month' }, as),
      await requestTransactionsExport(client, { period: 'week', account_ids: [accountId] }, as),
    ];
    // The answer is the export as it is by then: a worker may already have taken the job up, or
    // (a small document on a quiet machine) finished it.
    for (const item of queued) expect(['queued', 'running', 'completed']).toContain(item.status);

    for (const item of queued) {
      let current = item;
      for (let tries = 0; tries < 600 && !isExportSettled(current); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        current = await getDocumentExport(client, item.id, as);
      }
      expect(current.status).toBe('completed');
      const file = await downloads.downloadExport(current, as);
      expect(file.fileName).toBe(current.file_name);
      expect(file.contentType).toBe(current.content_type);
      const digest = createHash('sha256')
        .update(new Uint8Array(await file.blob.arrayBuffer()))
        .digest('hex');
      expect([file.sha256, digest]).toEqual([current.sha256, current.sha256]);
    }

    const all = await listDocumentExports(client, {}, as);
    expect(all.map((item) => item.id).sort()).toEqual(queued.map((item) => item.id).sort());
    expect((await listDocumentExports(client, { kind: 'statement' }, as)).map((item) => item.id)).toEqual([
      queued[0]?.id,
    ]);
    expect((await listFinancialPassportExports(client, as)).map((item) => item.id)).toEqual([queued[1]?.id]);
  });

  it('downloads the passport at once, and rejects bad input with the field named', async () => {
    const client = createApiClient(options);
    const downloads = createDocumentDownloads(options);
    const as = { userId: fixture.clientId };
    const passport = await downloads.downloadFinancialPassport({ period: 'year' }, as);
    expect(passport.contentType).toBe('application/pdf');
    expect(passport.fileName).toMatch(/^financial-passport_.+\.pdf$/);

    const failure = await requestStatement(client, { account_id: 999_999, period: 'month' }, as).catch(
      (error: unknown) => error,
    );
    expect(isApiError(failure) && failure.status === 400 && failure.fields[0]?.field).toBe('body.account_id');
  });
});
