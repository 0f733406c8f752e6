import { screen, within } from '@testing-library/react';
import type { FinancialPassport, Transaction } from '@waratah/contracts';
import { tenants } from '@waratah/tenants';
import { describe, expect, it, vi } from 'vitest';
import { periodRange, sydneyToday } from '../../../lib/passport-periods.ts';
import { buildPassport } from '../../../testing/build-passport.ts';
import { type FakeRequest, type FakeRoutes, json } from '../../../testing/fake-api.ts';
import { renderPageWithProviders } from '../../../testing/render-page-with-providers.tsx';
import { FinancialPassportPage, type FinancialPassportPageProps } from './financial-passport-page.tsx';

const passportRoute = 'GET /api/v2/financialpassport';
const transactionsRoute = 'GET /api/v2/transactions';

/** The client's transactions as the platform holds them: ids 1–3 of the built report, and 100–124. */
const knownTransactions: Transaction[] = [
  transactionOf(1, '2026-10-30', 'SALARY ACME', '4500.00'),
  transactionOf(2, '2026-11-13', 'SALARY ACME', '4500.00'),
  transactionOf(3, '2026-11-01', 'Ray White Rent', '-2157.49'),
  ...Array.from({ length: 25 }, (_, day) =>
    transactionOf(100 + day, `2026-10-${String(day + 1).padStart(2, '0')}`, `Cafe ${day + 1}`, '-5.00'),
  ),
];

function transactionOf(id: number, date: string, name: string, amount: string): Transaction {
  return {
    id,
    account_id: 11,
    base_type: amount.startsWith('-') ? 'debit' : 'credit',
    status: 'posted',
    transaction_date: date,
    post_date: null,
    amount: { amount, currency: 'AUD' },
    description: { original: `${name.toUpperCase()} SYDNEY`, simple: null, user: null },
    budget_category: 'living',
    category: null,
    merchant: { name },
    included: true,
    memo: null,
    user_tags: [],
    external_id: null,
  };
}

/** `GET transactions?transaction_ids=…` as the platform answers it: those rows, newest first. */
function transactionsByIds(request: FakeRequest): Response {
  const ids = new Set((request.url.searchParams.get('transaction_ids') ?? '').split(',').map(Number));
  const rows = knownTransactions
    .filter((transaction) => ids.has(transaction.id))
    .sort((a, b) => b.transaction_date.localeCompare(a.transaction_date) || b.id - a.id);
  return json({ data: rows, paging: { cursors: {}, total: rows.length } });
}

/** The first day of the past year's period, as the page works it out today. */
function yearFrom(): string {
  return periodRange({ label: 'past year', value: 'year' }, sydneyToday(new Date()))?.from ?? '';
}

function renderPassport({
  url = '/user/details/5/financial-passport',
  passport = buildPassport(),
  routes = {},
  ...props
}: Partial<FinancialPassportPageProps> & {
  url?: string;
  passport?: FinancialPassport;
  routes?: FakeRoutes;
} = {}) {
  return renderPageWithProviders({
    path: '/user/details/:id/financial-passport',
    url,
    page: (
      <FinancialPassportPage
        clientId={5}
        periods={tenants.moneypartner.exportOptions.financialPassport}
        customDates={false}
        {...props}
      />
    ),
    routes: {
      [passportRoute]: () => json({ data: passport }),
      [transactionsRoute]: transactionsByIds,
      ...routes,
    },
  });
}

describe('FinancialPassportPage', { timeout: 20_000 }, () => {
  it('reports the past year by default, for the client, with every figure and flag', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T01:00:00Z') });
    const { api } = renderPassport();

    expect(await screen.findByText('$9,000.00', { selector: 'dd' })).toBeInTheDocument();
    vi.useRealTimers();
    const request = api.requestsTo(passportRoute)[0];
    expect(request?.headers.get('X-User-Id')).toBe('5');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      from_date: '2025-11-23',
      to_date: '2026-11-22',
    });
    expect(screen.getByText('23 Nov 2025 – 22 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('76.0%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Income by source' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /SALARY ACME.*Salary and wages · Fortnightly/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Rent.*-\$2,157\.49/ })).toBeInTheDocument();
    expect(screen.getByText('No loans or credit cards.')).toBeInTheDocument();
    for (const flag of ['Gambling', 'Buy now, pay later', 'Dishonours', 'Overdrawn days']) {
      expect(screen.getByRole('button', { name: new RegExp(`^${flag}`) })).toBeInTheDocument();
    }
  });

  it('calls income plus expenses the net balance, as the PDF does, not the overview’s net position', async () => {
    renderPassport();

    const term = await screen.findByText('Net balance', { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent('$6,842.51');
    expect(screen.queryByText('Net position')).not.toBeInTheDocument();
  });

  it('expands a figure to the transactions it came from, read from the platform only then', async () => {
    const { api, user } = renderPassport();

    await screen.findByRole('button', { name: /^SALARY ACME/ });
    expect(api.requestsTo(transactionsRoute)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /^SALARY ACME/ }));

    const table = screen.getByRole('table', { name: 'Transactions behind SALARY ACME' });
    await within(table).findByText('13 Nov 2026');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '13 Nov 2026SALARY ACMEEveryday Account$4,500.00',
      '30 Oct 2026SALARY ACMEEveryday Account$4,500.00',
    ]);
    const request = api.requestsTo(transactionsRoute)[0];
    expect(request?.headers.get('X-User-Id')).toBe('5');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      transaction_ids: '2,1',
      size: '2',
    });
    await user.click(screen.getByRole('button', { name: /^Overdrawn days/ }));
    expect(screen.getByText('Everyday Account: 3 days')).toBeInTheDocument();
  });

  it('pages through a large figure ten rows at a time, newest first or oldest first', async () => {
    const cafes = knownTransactions.filter((transaction) => transaction.id >= 100).map(({ id }) => id);
    const passport = buildPassport({
      expenses: {
        breakdown: [
          {
            category: { key: 'CAFES', name: 'Cafes' },
            total: '-125.00',
            monthly_average: '-10.42',
            transaction_ids: cafes,
          },
        ],
      },
    });
    const { api, user } = renderPassport({ passport });

    await user.click(await screen.findByRole('button', { name: /^Cafes.*25 transactions/ }));
    const table = screen.getByRole('table', { name: 'Transactions behind Cafes' });
    expect(await within(table).findByText('25 Oct 2026')).toBeInTheDocument();
    const firstCells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstChild?.textContent);
    expect(firstCells()).toHaveLength(10);
    expect(firstCells().at(-1)).toBe('16 Oct 2026');
    expect(api.requestsTo(transactionsRoute).at(-1)?.url.searchParams.get('transaction_ids')).toBe(
      '124,123,122,121,120,119,118,117,116,115',
    );

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await within(table).findByText('5 Oct 2026')).toBeInTheDocument();
    expect(firstCells()).toEqual(['5 Oct 2026', '4 Oct 2026', '3 Oct 2026', '2 Oct 2026', '1 Oct 2026']);

    await user.click(within(table).getByRole('button', { name: /Date/ }));
    expect(await within(table).findByText('10 Oct 2026')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('1 Oct 2026');
    expect(api.requestsTo(transactionsRoute).at(-1)?.url.searchParams.get('transaction_ids')).toBe(
      '100,101,102,103,104,105,106,107,108,109',
    );
  });

  it('keeps an open figure on a page it still has when another period gives it fewer rows', async () => {
    const cafes = (count: number) =>
      buildPassport({
        expenses: {
          breakdown: [
            {
              category: { key: 'CAFES', name: 'Cafes' },
              total: '-5.00',
              monthly_average: '-0.42',
              transaction_ids: knownTransactions
                .filter(({ id }) => id >= 100)
                .map(({ id }) => id)
                .slice(0, count),
            },
          ],
        },
      });
    let reports = 0;
    const { user } = renderPassport({
      // The first period's report gives the figure 25 rows, the next one 4.
      routes: { [passportRoute]: () => json({ data: cafes(++reports === 1 ? 25 : 4) }) },
    });

    await user.click(await screen.findByRole('button', { name: /^Cafes.*25 transactions/ }));
    const table = screen.getByRole('table', { name: 'Transactions behind Cafes' });
    await within(table).findByText('25 Oct 2026');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await within(table).findByText('5 Oct 2026')).toBeInTheDocument();

    const period = screen.getByRole('combobox', { name: 'Period' });
    period.focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('option', { name: 'past 6 months' }));
    await screen.findByRole('button', { name: /^Cafes.*4 transactions/ });
    expect(await within(table).findByText('4 Oct 2026')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });

  it("says so, with a retry, when a figure's transactions cannot be read", async () => {
    let fail = true;
    const { user } = renderPassport({
      routes: {
        [transactionsRoute]: (request) =>
          fail
            ? json({ error: { error_code: 'unavailable', error_type: 'server', error_message: 'Down' } }, 503)
            : transactionsByIds(request),
      },
    });

    await user.click(await screen.findByRole('button', { name: /^Rent/ }));
    expect(
      await screen.findByText(
        "We couldn't load these transactions. Please try again.",
        {},
        { timeout: 8_000 },
      ),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ray White Rent')).toBeInTheDocument();
  });

  it('holds Try again until a busy platform’s Retry-After has passed, and says for how long', async () => {
    // Before 2026-12-03 it was offered at once: asked again sooner, the platform only refused again.
    renderPassport({
      routes: {
        [passportRoute]: () =>
          json({ error: { error_code: 'F9990', error_message: 'busy' } }, 503, { 'Retry-After': '60' }),
      },
    });

    const failed = await screen.findByText(
      /We couldn't work out the financial passport/,
      {},
      { timeout: 15_000 },
    );
    const alert = failed.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
    expect(alert).toHaveTextContent('You can try again in 1 minute.');
  });

  it('shows the not-shared page, with no Try again, when the client’s consent ends while the page is open', async () => {
    renderPassport({
      routes: {
        [passportRoute]: () =>
          json(
            { error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No such client' } },
            404,
          ),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 2, name: "This client's data is not available" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('holds a figure’s Try again until a busy platform’s Retry-After has passed, and says for how long', async () => {
    const { user } = renderPassport({
      routes: {
        [transactionsRoute]: () =>
          json({ error: { error_code: 'F9990', error_message: 'busy' } }, 503, { 'Retry-After': '60' }),
      },
    });

    await user.click(await screen.findByRole('button', { name: /^Rent/ }));
    const failed = await screen.findByText(/We couldn't load these transactions\./, {}, { timeout: 15_000 });
    const alert = failed.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
    expect(alert).toHaveTextContent('You can try again in 1 minute.');
  });

  it('shows the not-shared page under a figure, with no Try again, when consent ends before its transactions are read', async () => {
    const { user } = renderPassport({
      routes: {
        [transactionsRoute]: () =>
          json(
            { error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No such client' } },
            404,
          ),
      },
    });

    await user.click(await screen.findByRole('button', { name: /^Rent/ }));

    expect(
      await screen.findByRole('heading', { level: 2, name: "This client's data is not available" }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText("We couldn't load these transactions. Please try again."),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows no rows of another period under a figure that has none in this one, and says "No transactions"', async () => {
    const gambling = (ids: number[]) => {
      const passport = buildPassport();
      const figure = {
        total: ids.length ? '-9000.00' : '0.00',
        monthly_average: '0.00',
        transaction_ids: ids,
      };
      return buildPassport({
        responsible_lending_indicators: { ...passport.responsible_lending_indicators, gambling: figure },
      });
    };
    const { router, user } = renderPassport({
      url: '/user/details/5/financial-passport?period=year',
      routes: {
        [passportRoute]: (request) =>
          json({ data: gambling(request.url.searchParams.get('from_date') === yearFrom() ? [1, 2] : []) }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Gambling.*2 transactions/ }));
    const table = screen.getByRole('table', { name: 'Transactions behind Gambling' });
    await within(table).findByText('13 Nov 2026');

    // Before 2026-11-30 the year's rows stayed on screen, dimmed, under the 6 months' empty figure.
    await router.navigate('/user/details/5/financial-passport?period=six-months');
    expect(await screen.findByRole('button', { name: /^Gambling.*No transactions/ })).toBeInTheDocument();
    expect(screen.queryByText('13 Nov 2026')).not.toBeInTheDocument();
  });

  it('offers the tenant’s periods, the 3-month one only when given, and custom dates with the feature', async () => {
    const { api, router, user } = renderPassport({
      periods: tenants.moneypartner.exportOptions.financialPassport.filter(
        (option) => option.value !== 'three-months',
      ),
      customDates: true,
      url: '/user/details/5/financial-passport?period=fin-year',
    });
    await screen.findByText('1 July 2024 – 30 June 2025');
    expect(api.requestsTo(passportRoute)[0]?.url.searchParams.get('from_date')).toBe('2024-07-01');

    const period = screen.getByRole('combobox', { name: 'Period' });
    period.focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'past 6 months',
      'past year',
      'financial year 24/25',
      'Custom dates',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');

    expect(await screen.findByText('Choose a start and an end date to see the report.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=custom');
    expect(screen.getByRole('group', { name: 'Custom period' })).toBeInTheDocument();
  });

  it('reports custom dates from the URL', async () => {
    const { api } = renderPassport({
      customDates: true,
      url: '/user/details/5/financial-passport?period=custom&from=2026-01-01&to=2026-03-31',
    });
    await screen.findByText('1 Jan 2026 – 31 Mar 2026');
    expect(api.requestsTo(passportRoute)[0]?.url.searchParams.get('to_date')).toBe('2026-03-31');
  });

  // Before 2026-12-03 these were asked for, refused (400), and the page said "We couldn't work
  // out the financial passport" with a Try again that could never pass.
  it.each([
    ['ten years or more', 'from=2014-01-01&to=2026-12-03'],
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-31'],
  ])(
    'asks for no report of custom dates the platform refuses (%s), and offers no retry',
    async (_, dates) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-03T01:00:00Z') });
      const { api } = renderPassport({
        customDates: true,
        url: `/user/details/5/financial-passport?period=custom&${dates}`,
      });
      expect(
        await screen.findByText('Choose a start and an end date to see the report.'),
      ).toBeInTheDocument();
      vi.useRealTimers();
      expect(api.requestsTo(passportRoute)).toHaveLength(0);
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    },
  );

  it('leaves the header a place for an export action of the chosen period', async () => {
    const exportAction = vi.fn(() => <button type="button">Export</button>);
    renderPassport({ exportAction, url: '/user/details/5/financial-passport?period=fin-year' });
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(exportAction).toHaveBeenLastCalledWith({ from: '2024-07-01', to: '2025-06-30' });
  });

  it('tells screen readers it is working out the passport', async () => {
    renderPassport({ routes: { [passportRoute]: () => new Promise<Response>(() => {}) } });

    expect(
      (await screen.findByText('Working out the financial passport')).closest('[role="status"]'),
    ).toBeInTheDocument();
  });
});
