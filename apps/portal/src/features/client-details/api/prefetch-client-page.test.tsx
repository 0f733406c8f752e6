import { screen, waitFor } from '@testing-library/react';
import { createApiClient } from '@waratah/sdk';
import { describe, expect, it, vi } from 'vitest';
import { type AppState, createAppStore } from '../../../lib/app-state.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { buildClient } from '../../../testing/build-client-data.ts';
import { buildPassport } from '../../../testing/build-passport.ts';
import { createFakeApi, json } from '../../../testing/fake-api.ts';
import { renderPortal } from '../../../testing/render.tsx';
import { renderClientPage } from '../../../testing/render-client-page.tsx';
import { prefetchClientPage } from './prefetch-client-page.ts';

const transactionsRoute = 'GET /api/v2/transactions';
const clientRoute = 'GET /api/admin/users/7';

describe("a client page's prefetch in the running portal", { timeout: 20_000 }, () => {
  it("asks for a client's transactions once the client is known to be in reach, and only once", async () => {
    let answerClient: () => void = () => undefined;
    const clientAnswered = new Promise<void>((resolve) => {
      answerClient = resolve;
    });
    const { api } = await renderClientPage({
      url: '/user/details/7/transactions?base_type=debit',
      routes: {
        [clientRoute]: async () => {
          await clientAnswered;
          return json({ data: buildClient() });
        },
        [transactionsRoute]: () => json({ data: [], paging: { cursors: {}, total: 0 } }),
        'GET /api/v2/accounts': () => json({ data: [] }),
        'GET /api/v2/transactions/categories': () => json({ data: [] }),
      },
    });

    await waitFor(() => expect(api.requestsTo(clientRoute)).toHaveLength(1));
    expect(api.requestsTo(transactionsRoute)).toHaveLength(0);
    answerClient();

    expect(await screen.findByText('No transactions match these filters.')).toBeInTheDocument();
    expect(api.requestsTo(transactionsRoute)).toHaveLength(1);
    expect(api.requestsTo(transactionsRoute)[0]?.url.searchParams.get('base_type')).toBe('debit');
    expect(api.requestsTo('GET /api/v2/accounts')).toHaveLength(1);
    expect(api.requestsTo(clientRoute)).toHaveLength(1);
  });

  it('asks for nothing of a client whose consent was withdrawn', async () => {
    const { api } = await renderClientPage({
      url: '/user/details/7/transactions',
      routes: {
        [clientRoute]: () =>
          json({
            data: buildClient({
              consent: { status: 'withdrawn', start: '2026-01-10T00:00:00Z', expiry: null },
            }),
          }),
      },
    });

    expect(await screen.findByText(/consent is withdrawn/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.requestsTo(transactionsRoute)).toHaveLength(0);
    expect(api.requestsTo('GET /api/v2/accounts')).toHaveLength(0);
  });

  it.each([
    [
      'overview',
      'Net position',
      [
        'GET /api/v2/accounts',
        'GET /api/v2/provideraccounts',
        'GET /api/v2/reports/transactions/budget_categories',
        'GET /api/v2/goals',
      ],
    ],
    ['accounts', 'No accounts', ['GET /api/v2/accounts', 'GET /api/v2/provideraccounts']],
    ['goals?status=ended', 'No goals to show', ['GET /api/v2/goals']],
    ['financial-passport?period=six-months', 'Income by source', ['GET /api/v2/financialpassport']],
  ])(
    "asks for the %s page's data once the client is in reach, under the keys the page reads",
    async (page, shown, calls) => {
      let answerClient: () => void = () => undefined;
      const clientAnswered = new Promise<void>((resolve) => {
        answerClient = resolve;
      });
      const { api } = await renderClientPage({
        url: `/user/details/7/${page}`,
        routes: {
          [clientRoute]: async () => {
            await clientAnswered;
            return json({ data: buildClient() });
          },
          ...Object.fromEntries(calls.map((call) => [call, () => json({ data: [] })])),
          'GET /api/v2/financialpassport': () => json({ data: buildPassport() }),
        },
      });

      await waitFor(() => expect(api.requestsTo(clientRoute)).toHaveLength(1));
      for (const call of calls) expect(api.requestsTo(call)).toHaveLength(0);
      answerClient();

      expect(await screen.findByText(shown)).toBeInTheDocument();
      // Given time to ask again, the page found every answer in the cache instead.
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const call of calls) expect(api.requestsTo(call)).toHaveLength(1);
    },
  );

  it("asks for no client's data for a signed-out visitor", async () => {
    const api = createFakeApi();
    await renderPortal({ url: '/user/details/7/transactions', api });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to MoneyPartner' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(clientRoute)).toHaveLength(0);
    expect(api.requestsTo(transactionsRoute)).toHaveLength(0);
  });
});

describe('prefetchClientPage', () => {
  function context(clientAnswer: () => Promise<Response>, id = '7') {
    const api = createFakeApi({ [clientRoute]: clientAnswer });
    const queryClient = createQueryClient();
    return {
      queryClient,
      apiClient: createApiClient({ baseUrl: 'http://moneypartner.localhost:8080', fetch: api.fetch }),
      appStore: createAppStore({ envConfig: {} } as AppState),
      params: { id },
      search: new URLSearchParams(),
    };
  }

  it('starts the page once the client answers with a usable consent', async () => {
    const start = vi.fn();
    prefetchClientPage(start)(context(async () => json({ data: buildClient() })));

    await vi.waitFor(() => expect(start).toHaveBeenCalledWith(expect.anything(), 7));
  });

  it('starts nothing for a client out of reach, a failed answer or an id that names no client', async () => {
    const start = vi.fn();
    const withdrawn = buildClient({ consent: { status: 'withdrawn', start: null, expiry: null } });
    const answers = [
      context(async () => json({ data: withdrawn })),
      context(async () =>
        json({ error: { error_code: 'F0300', error_type: 'not_found', error_message: 'x' } }, 404),
      ),
      context(async () => json({ data: buildClient() }), 'abc'),
    ];
    for (const answer of answers) prefetchClientPage(start)(answer);

    await Promise.all(
      answers.map(({ queryClient }) => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))),
    );
    expect(start).not.toHaveBeenCalled();
  });
});
