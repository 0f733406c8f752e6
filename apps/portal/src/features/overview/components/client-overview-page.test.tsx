import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildAccount,
  buildGoal,
  buildProviderAccount,
  buildRefreshStatus,
} from '../../../testing/build-client-data.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderClientPage } from '../../../testing/render-client-page.tsx';

const budgetMonth = (date: string, income: number, living: number, oneOff = 0) => ({
  date,
  value: Math.abs(income - living - oneOff),
  income: income > living + oneOff,
  groups: [
    { id: 0, name: 'income', value: income, income: true, transaction_ids: [1] },
    { id: 1, name: 'living', value: living, income: false, transaction_ids: [2] },
    ...(oneOff ? [{ id: 4, name: 'one_off', value: oneOff, income: false, transaction_ids: [3] }] : []),
  ],
});

const clientData = {
  'GET /api/v2/accounts': () =>
    json({
      data: [
        buildAccount({ id: 1, current_balance: { amount: '2500.00', currency: 'AUD' } }),
        buildAccount({
          id: 2,
          account_name: 'Home Loan',
          account_attributes: { container: 'loan', account_type: 'mortgage_variable' },
          current_balance: { amount: '-420000.50', currency: 'AUD' },
          available_balance: null,
        }),
      ],
    }),
  'GET /api/v2/provideraccounts': () =>
    json({
      data: [
        buildProviderAccount(),
        buildProviderAccount({
          id: 12,
          provider_name: 'Koala Credit Union',
          refresh_status: buildRefreshStatus({
            status: 'needs_action',
            sub_status: 'input_required',
            additional_status: 'mfa_needed',
          }),
        }),
      ],
    }),
  'GET /api/v2/reports/transactions/budget_categories': () =>
    json({
      data: [
        budgetMonth('2026-05-01', 6000, 4000),
        budgetMonth('2026-06-01', 6000, 4100),
        budgetMonth('2026-07-01', 6000, 4200),
        budgetMonth('2026-08-01', 6000, 4300),
        budgetMonth('2026-09-01', 6000, 4400),
        budgetMonth('2026-10-01', 6100.5, 3900.25, 700),
      ],
    }),
  'GET /api/v2/goals': () => json({ data: [buildGoal()] }),
};

// The whole portal renders with its lazy routes: the first test of a busy run may take a while.
describe('ClientOverviewPage', { timeout: 20_000 }, () => {
  it("shows the client's position, cash flow, budget, goals, refresh status and accounts", async () => {
    const { api } = await renderClientPage({ url: '/user/details/7/overview', routes: clientData });

    const position = await screen.findByText('Assets');
    expect(position.nextElementSibling).toHaveTextContent('$2,500.00');
    expect(screen.getByText('Liabilities').nextElementSibling).toHaveTextContent('$420,000.50');
    expect(screen.getAllByText('Net position')[1]?.nextElementSibling).toHaveTextContent('-$417,500.50');

    // The charts arrive with the chart library, after the page (lib/lazy-bar-chart-card.tsx).
    expect(await screen.findByRole('img', { name: /^Income\. / })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Spending\. / })).toBeInTheDocument();

    expect(screen.getByText('Living').closest('li')).toHaveTextContent('$3,900.25 out');
    expect(screen.getByText('One-off').closest('li')).toHaveTextContent('$700.00 out');

    // Each panel has its own query: wait for each, not only for the chart.
    expect(await screen.findByText('1 current goal')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Holiday in Japan' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByRole('link', { name: 'View all goals' })).toHaveAttribute(
      'href',
      '/user/details/7/goals',
    );

    expect(await screen.findByText('1 connection needs attention.')).toBeInTheDocument();
    expect(screen.getByText('The institution sent the client a one-time code to enter.')).toBeInTheDocument();

    const loans = screen.getByRole('region', { name: 'Loans' });
    expect(await within(loans).findByText('Home Loan')).toBeInTheDocument();
    expect(within(loans).getByText(/Mortgage \(variable\)/)).toBeInTheDocument();

    for (const route of [
      'GET /api/v2/accounts',
      'GET /api/v2/provideraccounts',
      'GET /api/v2/reports/transactions/budget_categories',
      'GET /api/v2/goals',
    ]) {
      expect(api.requestsTo(route)[0]?.headers.get('X-User-Id')).toBe('7');
    }
    const report = api.requestsTo('GET /api/v2/reports/transactions/budget_categories')[0];
    expect(report?.url.searchParams.get('period')).toBe('monthly');
    expect(api.requestsTo('GET /api/v2/goals')[0]?.url.searchParams.get('status')).toBe('current');
  });

  it('counts a connection whose bank is down as failed and retried, not as needing attention', async () => {
    const healthy = buildProviderAccount();
    const down = buildProviderAccount({
      id: 12,
      provider_name: 'Koala Credit Union',
      refresh_status: buildRefreshStatus({
        status: 'failed',
        sub_status: 'temporary_failure',
        additional_status: 'site_error',
      }),
    });
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: { ...clientData, 'GET /api/v2/provideraccounts': () => json({ data: [healthy, down] }) },
    });

    expect(await screen.findByText('1 connection could not refresh.')).toBeInTheDocument();
    expect(screen.queryByText(/needs? attention/)).not.toBeInTheDocument();
    expect(
      screen.getByText('It will be tried again automatically; the client does not need to do anything.'),
    ).toBeInTheDocument();
    // Still listed before the healthy connection.
    const names = within(screen.getByText('1 connection could not refresh.').parentElement as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span')?.textContent);
    expect(names).toEqual(['Koala Credit Union', 'Harbour Bank']);
  });

  it.each([
    ['moneypartner.localhost:8080', 'rgb(161, 98, 7)', 'rgb(242, 140, 40)'],
    ['waratahlabs.localhost:8080', 'rgb(100, 116, 139)', 'rgb(124, 58, 237)'],
  ])(
    "colours the budget categories with %s's colours, whatever it calls one-off",
    async (host, oneOff, living) => {
      await renderClientPage({ url: '/user/details/7/overview', routes: clientData, host });

      expect((await screen.findByTestId('category-swatch-one_off')).style.backgroundColor).toBe(oneOff);
      expect(screen.getByTestId('category-swatch-living').style.backgroundColor).toBe(living);
    },
  );

  it('rounds a goal’s progress down, as the goals page does: $995 of $1,000 is not a full bar', async () => {
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        ...clientData,
        'GET /api/v2/goals': () =>
          json({ data: [buildGoal({ current_amount: '995.00', target_amount: '1000.00' })] }),
      },
    });
    expect(await screen.findByRole('progressbar', { name: 'Holiday in Japan' })).toHaveAttribute(
      'aria-valuenow',
      '99',
    );
  });

  it('averages income and spending over the months since the first with any, not all six', async () => {
    // Before 2026-11-30 a client connected two months ago read a third of their monthly income.
    const empty = (date: string) => ({ date, value: 0, income: false, groups: [] });
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        ...clientData,
        'GET /api/v2/reports/transactions/budget_categories': () =>
          json({
            data: [
              ...['2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01'].map(empty),
              budgetMonth('2026-09-01', 6000, 4000),
              budgetMonth('2026-10-01', 6000, 2000),
            ],
          }),
      },
    });
    expect(await screen.findByText('Average $6K')).toBeInTheDocument();
    expect(screen.getByText('Average $3K')).toBeInTheDocument();
  });

  it('says so when the client has no accounts, transactions or goals yet', async () => {
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        'GET /api/v2/accounts': () => json({ data: [] }),
        'GET /api/v2/provideraccounts': () => json({ data: [] }),
        'GET /api/v2/reports/transactions/budget_categories': () =>
          json({
            data: ['05', '06', '07', '08', '09', '10'].map((month) => ({
              date: `2026-${month}-01`,
              value: 0,
              income: false,
              groups: [],
            })),
          }),
        'GET /api/v2/goals': () => json({ data: [] }),
      },
    });

    expect(await screen.findByText(/No accounts are connected yet/)).toBeInTheDocument();
    expect(screen.getByText('The client has not connected any institutions yet.')).toBeInTheDocument();
    expect(screen.getByText('No income or spending in the last 6 months.')).toBeInTheDocument();
    expect(screen.getByText(/^No transactions in /)).toBeInTheDocument();
    expect(screen.getByText('The client has no current goals.')).toBeInTheDocument();
  });

  it('says none of the client’s accounts counts in totals, not that none is connected, when all are left out', async () => {
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        ...clientData,
        'GET /api/v2/accounts': () =>
          json({
            data: [
              buildAccount({ id: 1, included: false }),
              buildAccount({
                id: 2,
                account_name: 'Credit score',
                account_attributes: { container: 'credit_score', account_type: 'credit_score' },
                current_balance: { amount: '780', currency: 'AUD' },
              }),
            ],
          }),
      },
    });

    expect(
      await screen.findByText(
        "None of the client's accounts is counted in totals, so there is no position to show.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No accounts are connected yet/)).not.toBeInTheDocument();
  });

  it('says a connection still being read or read in part is not up to date', async () => {
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        ...clientData,
        'GET /api/v2/provideraccounts': () =>
          json({
            data: [
              buildProviderAccount({
                refresh_status: buildRefreshStatus({
                  status: 'adding',
                  sub_status: null,
                  last_refreshed: null,
                }),
              }),
              buildProviderAccount({
                id: 12,
                provider_name: 'Koala Credit Union',
                refresh_status: buildRefreshStatus({ sub_status: 'partial_success' }),
              }),
              buildProviderAccount({ id: 13, provider_name: 'Wattle Bank' }),
            ],
          }),
      },
    });

    expect(
      await screen.findByText('1 connection is still being read. 1 connection was only partly read.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Every connection is up to date.')).not.toBeInTheDocument();
  });

  it('says every connection is up to date only when each refreshed cleanly', async () => {
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        ...clientData,
        'GET /api/v2/provideraccounts': () =>
          json({ data: [buildProviderAccount(), buildProviderAccount({ id: 12, provider_name: 'Koala' })] }),
      },
    });

    expect(await screen.findByText('Every connection is up to date.')).toBeInTheDocument();
  });

  it('says once for the page, not in every panel, that the client’s data is no longer shared', async () => {
    const gone = () =>
      json({ error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No such client' } }, 404);
    const { portal } = await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        'GET /api/v2/accounts': gone,
        'GET /api/v2/provideraccounts': gone,
        'GET /api/v2/reports/transactions/budget_categories': gone,
        'GET /api/v2/goals': gone,
      },
    });

    // Every call has answered 404 (the route's prefetch may make them before the page draws) before
    // the cards are counted.
    await waitFor(() => {
      for (const part of ['accounts', 'provider-accounts', 'reports', 'goals']) {
        const queries = portal.queryClient.getQueryCache().findAll({ queryKey: ['clients', 7, part] });
        expect(queries.map((query) => query.state.status)).toEqual(['error']);
      }
    });
    expect(await screen.findAllByTestId('client-unavailable')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Refresh status' })).not.toBeInTheDocument();
  });

  it('keeps the other panels when one call fails, and hides the goals link without view_goals', async () => {
    await renderClientPage({
      url: '/user/details/7/overview',
      features: {},
      routes: {
        ...clientData,
        'GET /api/v2/goals': () =>
          json({ error: { error_code: 'F0400', error_type: 'bad_request', error_message: 'No' } }, 400),
      },
    });

    expect(await screen.findByText("We could not load the client's goals")).toBeInTheDocument();
    expect(screen.getByText('Assets')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View all goals' })).not.toBeInTheDocument();
  });

  it('holds a panel’s Try again until a busy platform’s Retry-After has passed, and says for how long', async () => {
    // Before 2026-12-03 it was offered at once: asked again sooner, the platform only refused again.
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        ...clientData,
        'GET /api/v2/goals': () =>
          json({ error: { error_code: 'F9990', error_message: 'busy' } }, 503, { 'Retry-After': '60' }),
      },
    });

    const failed = await screen.findByText("We could not load the client's goals", {}, { timeout: 15_000 });
    const alert = failed.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
    expect(alert).toHaveTextContent('You can try again in 1 minute.');
    // The other panels keep their own.
    expect(screen.getByText('Assets')).toBeInTheDocument();
  });

  it('tells screen readers which panels are still loading', async () => {
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: { ...clientData, 'GET /api/v2/goals': () => new Promise<Response>(() => {}) },
    });

    expect((await screen.findByText('Loading goals')).closest('[role="status"]')).toBeInTheDocument();
  });
});
