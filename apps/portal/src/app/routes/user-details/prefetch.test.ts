import { createApiClient } from '@waratah/sdk';
import { tenants } from '@waratah/tenants';
import { describe, expect, it, vi } from 'vitest';
import { type AppState, createAppStore } from '../../../lib/app-state.tsx';
import type { PagePrefetch } from '../../../lib/page-prefetch.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { buildAppConfig } from '../../../testing/build-app-config.ts';
import { buildClient } from '../../../testing/build-client-data.ts';
import { createFakeApi, type FakeApi, json } from '../../../testing/fake-api.ts';
import { prefetch as accounts } from './accounts.tsx';
import { prefetch as passport } from './financial-passport.tsx';
import { prefetch as goals } from './goals.tsx';
import { prefetch as overview } from './overview.tsx';
import { prefetch as transactions } from './transactions.tsx';

/** Runs a page's prefetch for client 7 and answers the path and query of each request it made. */
async function asked(
  prefetch: PagePrefetch,
  search: string,
  appConfig = buildAppConfig(),
): Promise<string[]> {
  const api: FakeApi = createFakeApi({ 'GET /api/admin/users/7': () => json({ data: buildClient() }) });
  prefetch({
    queryClient: createQueryClient(),
    apiClient: createApiClient({ baseUrl: 'http://moneypartner.localhost:8080', fetch: api.fetch }),
    appStore: createAppStore({
      tenantConfig: tenants.moneypartner,
      envConfig: {},
      appConfig,
    } as unknown as AppState),
    params: { id: '7' },
    search: new URLSearchParams(search),
  });
  await vi.waitFor(() => expect(api.requests.length).toBeGreaterThan(1));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return api.requests.slice(1).map(({ url }) => `${url.pathname}${url.search}`);
}

describe("the client pages' prefetch", () => {
  it('overview: accounts, connections, six complete months of budget and the current goals', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T01:00:00Z') });
    const paths = await asked(overview, '');
    vi.useRealTimers();
    expect(paths).toEqual([
      '/api/v2/accounts',
      '/api/v2/provideraccounts',
      '/api/v2/reports/transactions/budget_categories?period=monthly&from_date=2026-05-01&to_date=2026-10-31',
      '/api/v2/goals?status=current',
    ]);
  });

  it('accounts: the accounts and their connections', async () => {
    expect(await asked(accounts, '')).toEqual(['/api/v2/accounts', '/api/v2/provideraccounts']);
  });

  it("transactions: the URL's page and filters, the accounts and the categories", async () => {
    const paths = await asked(transactions, 'base_type=credit&after=2026-11-01_9&page=2');
    expect(paths[0]).toBe('/api/v2/transactions?base_type=credit&after=2026-11-01_9&size=50');
    expect(paths.slice(1)).toEqual(['/api/v2/accounts', '/api/v2/transactions/categories']);
  });

  it("goals: the URL's status group, or the current goals", async () => {
    expect(await asked(goals, 'status=ended')).toEqual(['/api/v2/goals?status=ended']);
    expect(await asked(goals, 'status=nonsense')).toEqual(['/api/v2/goals?status=current']);
  });

  it("financial passport: the URL's period once the app config says which are offered", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T01:00:00Z') });
    const paths = await asked(passport, 'period=six-months');
    vi.useRealTimers();
    expect(paths).toEqual(['/api/v2/financialpassport?from_date=2026-05-23&to_date=2026-11-22']);
  });
});
