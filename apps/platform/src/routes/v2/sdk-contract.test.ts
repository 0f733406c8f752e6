import {
  addTransactionTags,
  bulkUpdateTransactions,
  createApiClient,
  createGoal,
  deleteGoal,
  deleteProviderAccount,
  getAccount,
  getAdviserUser,
  getBudgetCategoriesReport,
  getBudgetCategoryReport,
  getCdrConfig,
  getFinancialPassport,
  getProvider,
  getProviderAccount,
  getTransaction,
  getTransactionsSummary,
  getUserDetails,
  getUserSummary,
  isApiError,
  listAccounts,
  listAdminUsers,
  listAdviserUsers,
  listGoals,
  listImages,
  listProviderAccounts,
  listProviders,
  listTransactionCategories,
  listTransactions,
  refreshAdminClientSummary,
  removeTransactionTags,
  updateAccount,
  updateTransaction,
  updateUserDetails,
} from '@waratah/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch } from '../../demo-data/inject-fetch.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';

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
});
