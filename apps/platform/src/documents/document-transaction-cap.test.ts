import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyJobsMigration } from '../jobs/testing/apply-jobs-migration.ts';
import { recordingQueue } from '../jobs/testing/recording-queue.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { loadAccounts } from './document-data.ts';
import { withExports } from './document-exports.ts';
import {
  type DocumentsDeps,
  type ExportRequest,
  maxDocumentTransactions,
  type RequestContext,
  requestExport,
  runGenerateJob,
} from './documents-service.ts';
import { adviserWithDocumentClient } from './testing/document-test-client.ts';

const most = (count: number) =>
  `more than ${count.toLocaleString('en-AU')} transactions, the most one document holds`;

describe('a document of more transactions than one holds (maxDocumentTransactions)', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof adviserWithDocumentClient>>;
  let context: RequestContext;
  let accountIds: number[];

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
    fixture = await adviserWithDocumentClient(testApp.app, 'waratah');
    const actor = {
      kind: 'admin_user' as const,
      tenantId: 'waratah' as const,
      adminUserId: fixture.adviser.adminUser.id,
      role: 'adviser' as const,
      externalPartyId: fixture.adviser.externalParty?.id ?? null,
      via: 'bearer' as const,
    };
    context = {
      scope: { tenantId: 'waratah', clientId: fixture.clientId, actor },
      features: async () => new Set(['generate_bank_statement_custom_date']),
      source: 'body',
    };
    const scope = { tenantId: 'waratah', clientId: fixture.clientId };
    accountIds = (await loadAccounts(testApp.database.db, scope)).map((account) => account.id);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
  });

  const depsWith = (maxTransactions: number): DocumentsDeps => ({
    db: testApp.database.db,
    queue: recordingQueue,
    maxTransactions,
  });
  /** How many of the client's transactions the accounts hold in the export's dates. */
  const heldIn = async (
    ids: readonly number[],
    range: { from_date: string | null; to_date: string | null },
  ) => {
    const counted = await testApp.database.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('client_id', '=', fixture.clientId)
      .where('account_id', 'in', ids)
      .where('transaction_date', '>=', range.from_date ?? '')
      .where('transaction_date', '<=', range.to_date ?? '')
      .executeTakeFirstOrThrow();
    return Number(counted.count);
  };
  const exportCount = async () =>
    (
      await withExports(testApp.database.db)
        .selectFrom('document_exports')
        .select('id')
        .where('client_id', '=', fixture.clientId)
        .execute()
    ).length;

  it('is refused when asked for, naming the period, and nothing is recorded; a document of exactly the most is made', async () => {
    const [first] = accountIds;
    if (first === undefined) throw new Error('the fixture has no account');
    const statement: ExportRequest = { kind: 'statement', period: { period: 'year' }, accountId: first };
    const fits = await requestExport(depsWith(maxDocumentTransactions), statement, context);
    const held = await heldIn([first], fits);
    expect(held).toBeGreaterThan(10);

    await requestExport(depsWith(held), statement, context);
    const before = await exportCount();
    await expect(requestExport(depsWith(held - 1), statement, context)).rejects.toMatchObject({
      type: 'validation_failed',
      fields: [
        { field: 'body.period', message: `The period holds ${most(held - 1)}; choose a shorter period` },
      ],
    });
    expect(await exportCount()).toBe(before);
  });

  it('counts a spreadsheet’s chosen accounts, every account when none is named, and an overview’s included accounts', async () => {
    const [first, second] = accountIds;
    if (first === undefined || second === undefined)
      throw new Error('the fixture has fewer than two accounts');
    const year = { period: 'year' } as const;
    const probe = await requestExport(
      depsWith(maxDocumentTransactions),
      { kind: 'transactions', period: year, accountIds: undefined },
      context,
    );
    const inFirst = await heldIn([first], probe);
    const inAll = await heldIn(accountIds, probe);
    expect(inAll).toBeGreaterThan(inFirst);

    const chosen: ExportRequest = { kind: 'transactions', period: year, accountIds: [first] };
    await requestExport(depsWith(inFirst), chosen, context);
    await expect(requestExport(depsWith(inFirst - 1), chosen, context)).rejects.toMatchObject({
      fields: [{ field: 'body.period' }],
    });
    const every: ExportRequest = { kind: 'transactions', period: year, accountIds: undefined };
    await requestExport(depsWith(inAll), every, context);
    await expect(requestExport(depsWith(inAll - 1), every, context)).rejects.toMatchObject({
      fields: [{ field: 'body.period' }],
    });

    // The overview counts only the accounts the client counts in its finances.
    const overview: ExportRequest = { kind: 'insights', period: year };
    await expect(requestExport(depsWith(inAll - 1), overview, context)).rejects.toMatchObject({
      fields: [{ field: 'body.period' }],
    });
    const others = accountIds.filter((id) => id !== first);
    await testApp.database.db
      .updateTable('accounts')
      .set({ included: false })
      .where('id', 'in', others)
      .execute();
    try {
      await requestExport(depsWith(inFirst), overview, context);
    } finally {
      await testApp.database.db
        .updateTable('accounts')
        .set({ included: true })
        .where('id', 'in', others)
        .execute();
    }
  });

  it('names from_date for a custom range', async () => {
    const [first] = accountIds;
    if (first === undefined) throw new Error('the fixture has no account');
    const probe = await requestExport(
      depsWith(maxDocumentTransactions),
      { kind: 'statement', period: { period: 'year' }, accountId: first },
      context,
    );
    const range = { from_date: probe.from_date ?? '', to_date: probe.to_date ?? '' };
    const custom: ExportRequest = { kind: 'statement', period: range, accountId: first };
    const held = await heldIn([first], range);
    await expect(requestExport(depsWith(held - 1), custom, context)).rejects.toMatchObject({
      fields: [
        {
          field: 'body.from_date',
          message: `The dates chosen hold ${most(held - 1)}; choose a shorter range`,
        },
      ],
    });
  });

  it('fails in its job at once, saying so, when the period has grown past it since it was asked for', async () => {
    const [first] = accountIds;
    if (first === undefined) throw new Error('the fixture has no account');
    const year = { period: 'year' } as const;
    const kinds: { request: ExportRequest; accounts: number[] }[] = [
      { request: { kind: 'statement', period: year, accountId: first }, accounts: [first] },
      { request: { kind: 'transactions', period: year, accountIds: [first] }, accounts: [first] },
      { request: { kind: 'transactions', period: year, accountIds: undefined }, accounts: accountIds },
      { request: { kind: 'insights', period: year }, accounts: accountIds },
    ];
    const statusOf = (id: string) =>
      withExports(testApp.database.db)
        .selectFrom('document_exports')
        .select(['status', 'error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    for (const { request, accounts } of kinds) {
      const queued = await requestExport(depsWith(maxDocumentTransactions), request, context);
      const held = await heldIn(accounts, queued);
      const reason = `The period now holds ${most(held - 1)}; ask for a shorter period`;
      // As if an import had added a transaction since: the job's bound is one below what the range holds.
      await expect(
        runGenerateJob(depsWith(held - 1), { exportId: queued.id }, { id: 'job-waiting', attempt: 1 }),
        request.kind,
      ).rejects.toThrow(reason);
      // Failed on the first attempt: a retry would meet the same rows.
      expect(await statusOf(queued.id), request.kind).toEqual({ status: 'failed', error: reason });

      // At the bound the same job makes the document.
      const next = await requestExport(depsWith(maxDocumentTransactions), request, context);
      await runGenerateJob(depsWith(held), { exportId: next.id }, { id: 'job-waiting', attempt: 1 });
      expect(await statusOf(next.id), request.kind).toEqual({ status: 'completed', error: null });
    }
  });
});
