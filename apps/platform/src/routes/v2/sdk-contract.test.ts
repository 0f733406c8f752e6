import {
  addTransactionTags,
  bulkUpdateTransactions,
  connectProviderAccount,
  createApiClient,
  createDocumentDownloads,
  createGoal,
  deleteGoal,
  deleteProviderAccount,
  getAccount,
  getAdviserUser,
  getBudgetCategoriesReport,
  getBudgetCategoryReport,
  getCdrConfig,
  getConsent,
  getFinancialPassport,
  getProvider,
  getProviderAccount,
  getTransaction,
  getTransactionsSummary,
  getUserDetails,
  getUserSummary,
  grantConsent,
  importFile,
  isApiError,
  listAccounts,
  listAdminUsers,
  listAdviserUsers,
  listConsents,
  listFileImports,
  listGoals,
  listImages,
  listProviderAccounts,
  listProviders,
  listTransactionCategories,
  listTransactions,
  previewCsvImport,
  refreshAdminClientSummary,
  refreshProviderAccounts,
  removeTransactionTags,
  updateAccount,
  updateTransaction,
  updateUserDetails,
  withdrawConsent,
} from '@waratah/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from '../../demo-data/inject-fetch.ts';
import { sampleCsv, sampleCsvMapping } from '../../imports/testing/sample-files.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { tenantHost } from '../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';
import { sdkContractFetch } from '../sdk-contract/sdk-contract-fetch.ts';

describe('every data call of the SDK against the real server', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;
  let client: ReturnType<typeof createApiClient>;
  let as: { userId: number };

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
    client = createApiClient({
      baseUrl: 'http://moneypartner.localhost:8080',
      apiVersion: '2.30',
      getAccessToken: () => fixture.adviser.accessToken,
      fetch: injectFetch(testApp.app, fixture.adviser.headers.host),
    });
    as = { userId: fixture.clientId };
  });
  afterAll(() => testApp.close());

  it('reads and changes aggregation data on behalf of a client', async () => {
    const providers = await listProviders(client, { status: 'outage' });
    expect(providers.every((provider) => provider.status === 'outage')).toBe(true);
    expect((await getProvider(client, providers[0]?.id ?? 0)).name).toBe(providers[0]?.name);
    const accounts = await listAccounts(client, {}, as);
    expect(await getAccount(client, accounts[0]?.id ?? 0, as)).toEqual(accounts[0]);
    expect((await updateAccount(client, accounts[0]?.id ?? 0, { nick_name: 'Main' }, as)).nick_name).toBe(
      'Main',
    );
    const connections = await listProviderAccounts(client, as);
    expect((await getProviderAccount(client, connections[0]?.id ?? 0, as)).id).toBe(connections[0]?.id);
    const page = await listTransactions(client, { size: 4 }, as);
    expect(page.paging.total).toBe(10);
    const next = await listTransactions(client, { size: 4, after: page.paging.cursors.after }, as);
    expect(next.data[0]?.id).not.toBe(page.data[0]?.id);
    const id = page.data[0]?.id ?? 0;
    expect((await getTransaction(client, id, as)).id).toBe(id);
    expect((await updateTransaction(client, id, { budget_category: 'one_off', memo: 'x' }, as)).memo).toBe(
      'x',
    );
    expect(
      await bulkUpdateTransactions(client, { transaction_ids: [id], budget_category: 'living' }, as),
    ).toEqual([id]);
    expect(await addTransactionTags(client, { transaction_ids: [id], tags: ['a'] }, as)).toEqual([id]);
    expect(await removeTransactionTags(client, { transaction_ids: [id], tags: ['a'] }, as)).toEqual([id]);
    expect((await getTransactionsSummary(client, { period: 'monthly' }, as)).count).toBe(10);
    expect((await listTransactionCategories(client, as)).length).toBeGreaterThan(0);
    await deleteProviderAccount(client, connections[1]?.id ?? 0, as);
    expect(await listProviderAccounts(client, as)).toHaveLength(1);
  });

  it('reads reports, goals, the passport, user details and config', async () => {
    expect(
      await getBudgetCategoriesReport(client, { from_date: '2025-10-01', to_date: '2025-10-31' }, as),
    ).toHaveLength(1);
    expect(
      await getBudgetCategoryReport(client, 0, { from_date: '2025-10-01', to_date: '2025-10-31' }, as),
    ).toHaveLength(1);
    const weeks = await getBudgetCategoriesReport(
      client,
      { period: 'weekly', from_date: '2025-10-01', to_date: '2025-10-31' },
      as,
    );
    expect(weeks.map((week) => week.date)).toEqual([
      '2025-09-29',
      '2025-10-06',
      '2025-10-13',
      '2025-10-20',
      '2025-10-27',
    ]);
    const unknown = await getBudgetCategoriesReport(client, { period: 'hourly' as 'daily' }, as).catch(
      (error: unknown) => error,
    );
    expect(isApiError(unknown) && unknown.fields.map((field) => field.field)).toEqual(['querystring.period']);
    const accounts = await listAccounts(client, {}, as);
    const goal = await createGoal(
      client,
      {
        name: 'Trip',
        account_id: accounts[0]?.id ?? 0,
        tracking_type: 'credit',
        frequency: 'weekly',
        target: 'open_ended',
        period_amount: '20.00',
        end_date: '2099-12-31',
      },
      as,
    );
    expect((await listGoals(client, { status: 'all' }, as)).map((item) => item.id)).toEqual([goal.id]);
    await deleteGoal(client, goal.id, as);
    expect(
      (await getFinancialPassport(client, { from_date: '2025-09-01', to_date: '2025-11-30' }, as)).summary
        .totals.income,
    ).toBe('9000.00');
    expect((await getUserDetails(client, '/api/admin/client', as)).id).toBe(fixture.clientId);
    expect((await getUserDetails(client, '/api/v2', as)).id).toBe(fixture.clientId);
    expect((await updateUserDetails(client, { family_name: 'Changed' }, '/api/v2', as)).family_name).toBe(
      'Changed',
    );
    expect((await getUserSummary(client, '/api/v2', as)).transactions_count).toBeGreaterThan(0);
    expect((await getCdrConfig(client)).sharing_durations).toHaveLength(4);
    expect(await listImages(client)).toEqual([]);
  });

  it('lists the adviser’s clients through both families, and refuses others with an ApiError', async () => {
    expect((await listAdviserUsers(client)).data.map((user) => user.id)).toEqual([fixture.clientId]);
    expect((await listAdminUsers(client)).paging.total).toBe(1);
    expect((await getAdviserUser(client, fixture.clientId)).id).toBe(fixture.clientId);
    expect((await refreshAdminClientSummary(client, fixture.clientId)).accounts_count).toBeGreaterThan(0);
    const refused = await listAccounts(client, {}, { userId: 999_999 }).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status === 404 && refused.code === 'F0300').toBe(true);
  });
  it('checks whether the platform produced a file', async () => {
    const downloads = createDocumentDownloads({
      baseUrl: 'http://moneypartner.localhost:8080',
      apiVersion: '2.30',
      getAccessToken: () => fixture.adviser.accessToken,
      fetch: sdkContractFetch(testApp.app, fixture.adviser.headers.host),
    });
    const file = new Blob(['%PDF-1.7 not one of ours']);
    const answer = await downloads.verifyDocument(file, as);
    expect(answer).toMatchObject({ verified: false });
    expect(answer.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  // These change the client's data, so they run last: connections, imports, then the consent.
  it('connects an open-banking provider account and refreshes it', async () => {
    // Listening lists the in-process simulated holder's banks as providers (development tools on).
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    await testApp.app.inject({
      method: 'PUT',
      url: '/data-holder/control/clock',
      // The real now: the worker refreshes on the real clock, and a bank's consent runs a year from
      // the bank's clock (a fixed one would have lapsed one day).
      payload: { now: new Date().toISOString() },
    });
    const bank = (await listProviders(client, { name: 'Harbour' })).find(
      (provider) => provider.name === 'Harbour Bank',
    );
    const connected = await connectProviderAccount(
      client,
      { provider_id: bank?.id ?? 0, customer_id: 'amelia-nguyen' },
      as,
    );
    expect(connected.refresh_status.status).toBe('adding');
    const settled = async () => {
      for (let attempt = 0; attempt < 400; attempt += 1) {
        const current = await getProviderAccount(client, connected.id, as);
        if (!['adding', 'updating'].includes(current.refresh_status.status)) return current;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('The connection did not settle');
    };
    expect((await settled()).refresh_status.status).toBe('success');
    const [refreshing] = await refreshProviderAccounts(client, [connected.id], as);
    expect(refreshing?.refresh_status.status).toBe('updating');
    expect((await settled()).refresh_status.status).toBe('success');
  });

  it('previews and imports a CSV file into an account, and lists the import', async () => {
    const accountId = fixture.accountIds[0] ?? 0;
    const preview = await previewCsvImport(client, sampleCsv, as);
    expect(preview.has_header).toBe(true);
    expect(preview.suggested).toMatchObject({ date: 'Date', date_format: 'DD/MM/YYYY' });
    const imported = await importFile(
      client,
      {
        format: 'csv',
        account_id: accountId,
        file_name: 'nov.csv',
        content: sampleCsv,
        mapping: sampleCsvMapping,
      },
      as,
    );
    expect(imported).toMatchObject({ rows_read: 3, format: 'csv' });
    expect((await listFileImports(client, accountId, as)).map((item) => item.id)).toContain(imported.id);
  });

  it('lets the client read, withdraw and grant again the consent the adviser works under', async () => {
    const tokens = await testApp.app.tokens.issueForSignIn(
      { kind: 'client', id: fixture.clientId, tenantId: 'moneypartner', clientId: 'test-client' },
      { withRefreshToken: false },
    );
    const asClient = createApiClient({
      baseUrl: 'http://moneypartner.localhost:8080',
      apiVersion: '2.30',
      getAccessToken: () => tokens.accessToken,
      fetch: sdkContractFetch(testApp.app, tenantHost('moneypartner')),
    });
    const [consent] = await listConsents(asClient);
    expect((await getConsent(client, consent?.id ?? 0, as)).id).toBe(consent?.id);
    const refused = await withdrawConsent(client, consent?.id ?? 0).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(403);
    expect((await withdrawConsent(asClient, consent?.id ?? 0)).status).toBe('withdrawn');
    const gone = await listAccounts(client, {}, as).catch((error: unknown) => error);
    expect(isApiError(gone) && gone.status).toBe(404);
    const granted = await grantConsent(asClient, {
      external_party_id: fixture.partyId,
      sharing_duration: 90 * 24 * 60 * 60,
    });
    expect(granted.status).toBe('active');
    // The withdrawal deleted the shared data; the new consent opens the (empty) client again.
    expect(await listAccounts(client, {}, as)).toEqual([]);
  });
});
