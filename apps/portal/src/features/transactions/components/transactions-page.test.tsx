import { screen, waitFor, within } from '@testing-library/react';
import type { Account, TransactionCategory } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { type FakeRoutes, json } from '../../../testing/fake-api.ts';
import { renderPageWithProviders } from '../../../testing/render-page-with-providers.tsx';
import { buildTransaction } from '../testing/build-transaction.ts';
import { TransactionsPage } from './transactions-page.tsx';

const clientId = 5;

const categories: TransactionCategory[] = [
  {
    id: 3,
    name: 'Groceries',
    category_type: 'expense',
    default_budget_category: 'living',
    placement: 1,
    user_defined: false,
  },
  {
    id: 8,
    name: 'Eating out',
    category_type: 'expense',
    default_budget_category: 'lifestyle',
    placement: 2,
    user_defined: false,
  },
];

const account: Account = {
  id: 11,
  provider_account_id: 4,
  provider_id: 2,
  provider_name: 'Harbour Bank',
  account_name: 'Everyday Account',
  nick_name: null,
  account_number: '12XXXX789',
  bsb: '062-000',
  account_status: 'active',
  account_attributes: { container: 'bank', account_type: 'bank_account' },
  owner_type: 'individual',
  included: true,
  hidden: false,
  current_balance: { amount: '1520.10', currency: 'AUD' },
  available_balance: null,
  refresh_status: {
    status: 'success',
    sub_status: 'success',
    additional_status: null,
    last_refreshed: '2026-11-20T01:00:00Z',
    next_refresh: null,
  },
};

const rows = [
  buildTransaction({ id: 1 }),
  buildTransaction({
    id: 2,
    transaction_date: '2026-11-01',
    amount: { amount: '3000.00', currency: 'AUD' },
    base_type: 'credit',
    description: { original: 'SALARY ACME', simple: 'Salary', user: null },
    budget_category: 'income',
    category: { id: 1, name: 'Salary' },
  }),
];

function renderPage({
  url = `/user/details/${clientId}/transactions`,
  canCategorise = true,
  routes = {} as FakeRoutes,
} = {}) {
  return renderPageWithProviders({
    path: '/user/details/:id/transactions',
    url,
    page: <TransactionsPage clientId={clientId} canCategorise={canCategorise} />,
    routes: {
      'GET /api/v2/transactions': () =>
        json({ data: rows, paging: { cursors: { after: '2026-11-01_2' }, total: 120 } }),
      'GET /api/v2/transactions/categories': () => json({ data: categories }),
      'GET /api/v2/accounts': () => json({ data: [account] }),
      ...routes,
    },
  });
}

// Whole-page journeys through Radix dialogs and selects: slow on a busy machine, not timing-dependent.
describe('TransactionsPage', { timeout: 20_000 }, () => {
  it('lists a page with the count, amounts in AUD and the client in X-User-Id', async () => {
    const { api } = renderPage();

    const table = await screen.findByRole('table', { name: "The client's transactions, newest first" });
    expect(screen.getByText('120 transactions')).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('-$42.50')).toBeInTheDocument();
    expect(await within(first as HTMLElement).findByText('Everyday Account')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('$3,000.00')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const request = api.requestsTo('GET /api/v2/transactions')[0];
    expect(request?.headers.get('X-User-Id')).toBe('5');
    expect(request?.url.searchParams.get('size')).toBe('50');
  });

  it('shows the rows once their accounts are known, never first without the account names', async () => {
    let answerAccounts: () => void = () => {};
    const accountsAnswered = new Promise<void>((resolve) => {
      answerAccounts = resolve;
    });
    renderPage({
      routes: {
        'GET /api/v2/accounts': async () => {
          await accountsAnswered;
          return json({ data: [account] });
        },
      },
    });

    await waitFor(() => expect(screen.getByText('120 transactions')).toBeInTheDocument());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Loading transactions')).toBeInTheDocument();
    answerAccounts();

    const table = await screen.findByRole('table');
    const [, first] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Everyday Account')).toBeInTheDocument();
  });

  it('still lists the rows when the accounts cannot load', async () => {
    renderPage({
      routes: {
        'GET /api/v2/accounts': () =>
          json(
            { error: { error_code: 'F0001', error_type: 'validation_failed', error_message: 'bad' } },
            400,
          ),
      },
    });

    const table = await screen.findByRole('table');
    expect(within(table).getByText('$3,000.00')).toBeInTheDocument();
  });

  it('names an account whose nickname is blank by the institution’s name in the rows, filter and tag', async () => {
    const { user } = renderPage({
      url: `/user/details/${clientId}/transactions?account_ids=11`,
      routes: { 'GET /api/v2/accounts': () => json({ data: [{ ...account, nick_name: '' }] }) },
    });

    const table = await screen.findByRole('table');
    const [, first] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Everyday Account')).toBeInTheDocument();
    const active = screen.getByRole('list', { name: 'Active filters' });
    expect(within(active).getByText('Account: Everyday Account')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    expect(await screen.findByRole('option', { name: 'Everyday Account' })).toBeInTheDocument();
  });

  it('tells two accounts of one name apart by institution and number, and leaves a name of its own alone', async () => {
    const koala = {
      ...account,
      id: 12,
      provider_account_id: 5,
      provider_name: 'Koala Credit Union',
      account_number: '98XXXX321',
    };
    const saver = { ...account, id: 13, account_name: 'Bonus Saver', nick_name: 'Bonus saver ' };
    const { user } = renderPage({
      url: `/user/details/${clientId}/transactions?account_ids=12`,
      routes: {
        'GET /api/v2/accounts': () => json({ data: [account, koala, saver] }),
        'GET /api/v2/transactions': () =>
          json({
            data: [buildTransaction({ id: 1 }), buildTransaction({ id: 2, account_id: 12 })],
            paging: { cursors: {}, total: 2 },
          }),
      },
    });

    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement).getByText('Everyday Account · Harbour Bank · 12XXXX789'),
    ).toBeInTheDocument();
    expect(
      within(second as HTMLElement).getByText('Everyday Account · Koala Credit Union · 98XXXX321'),
    ).toBeInTheDocument();
    const active = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(active).getByText('Account: Everyday Account · Koala Credit Union · 98XXXX321'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await screen.findByRole('listbox');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All accounts',
      'Everyday Account · Harbour Bank · 12XXXX789',
      'Everyday Account · Koala Credit Union · 98XXXX321',
      'Bonus saver',
    ]);
  });

  it('restores filters from the URL, sends them to the platform and shows them in words', async () => {
    const { api } = renderPage({
      url: `/user/details/${clientId}/transactions?budget_category=living&base_type=debit&from_date=2026-10-01&search_term=wool&to_date=bad`,
    });

    await screen.findByRole('table');
    const query = api.requestsTo('GET /api/v2/transactions')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      budget_category: 'living',
      base_type: 'debit',
      from_date: '2026-10-01',
      search_term: 'wool',
      size: '50',
    });
    const active = screen.getByRole('list', { name: 'Active filters' });
    expect(within(active).getByText('Budget: Living')).toBeInTheDocument();
    expect(within(active).getByText('From 1 Oct 2026')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' }).closest('form')).toBeInTheDocument();
  });

  it('reads both directions in the URL as no direction filter, with no tag and the form on “Money in and out”', async () => {
    const { api } = renderPage({ url: `/user/details/${clientId}/transactions?base_type=debit_credit` });

    await screen.findByRole('table');
    expect(api.requestsTo('GET /api/v2/transactions')[0]?.url.searchParams.has('base_type')).toBe(false);
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Direction' })).toHaveTextContent('Money in and out');
  });

  it('writes applied filters into the URL and starts again on the first page', async () => {
    const { router, user } = renderPage({
      url: `/user/details/${clientId}/transactions?after=2026-11-01_2&page=2`,
    });
    await screen.findByRole('table');

    await user.type(screen.getByLabelText('Minimum amount'), '-100');
    await user.type(screen.getByLabelText('Maximum amount'), '-10');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'woolworths');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?min_amount=-100&max_amount=-10&search_term=woolworths'),
    );
  });

  it('holds Try again until a busy platform’s Retry-After has passed, and says for how long', async () => {
    // Before 2026-12-03 it was offered at once: asked again sooner, the platform only refused again.
    renderPage({
      routes: {
        'GET /api/v2/transactions': () =>
          json({ error: { error_code: 'F9990', error_message: 'busy' } }, 503, { 'Retry-After': '120' }),
      },
    });
    const failed = await screen.findByText(/We could not load the transactions\./, {}, { timeout: 15_000 });
    const alert = failed.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
    expect(alert).toHaveTextContent('You can try again in 2 minutes.');
  });

  it('keeps focus on Apply filters once applied, and on Clear filters once cleared', async () => {
    const { router, user } = renderPage();
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'wool');
    const apply = screen.getByRole('button', { name: 'Apply filters' });
    await user.click(apply);
    await screen.findByRole('list', { name: 'Active filters' });
    await waitFor(() => expect(router.state.location.search).toBe('?search_term=wool'));
    expect(apply).toHaveFocus();
    // The form follows the filters it shows.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('wool');

    const clear = screen.getByRole('button', { name: 'Clear filters' });
    await user.click(clear);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument(),
    );
    expect(clear).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');

    // A draft never applied is cleared too, though no filter is in force (it stayed, before 2026-12-03).
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'rent');
    await user.click(clear);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(router.state.location.search).toBe('');
  });

  it('moves focus to the next filter tag, else the previous, else the first field, as tags are dismissed', async () => {
    const { router, user } = renderPage({
      url: `/user/details/${clientId}/transactions?from_date=2026-10-01&budget_category=living&search_term=wool`,
    });
    await screen.findByRole('table');
    const dismiss = (summary: string) => screen.getByRole('button', { name: `Dismiss filter: ${summary}` });

    dismiss('Budget: Living').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?from_date=2026-10-01&search_term=wool'));
    expect(dismiss('Search: wool')).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?from_date=2026-10-01'));
    expect(dismiss('From 1 Oct 2026')).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('narrows the dates with the kit date picker, starting from the dates in the URL', async () => {
    const { router, user } = renderPage({
      url: `/user/details/${clientId}/transactions?from_date=2026-10-01`,
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'From 1 Oct 2026' }));
    const calendar = await screen.findByRole('dialog', { name: 'Date range' });
    const day15 = within(calendar)
      .getAllByRole('button')
      .find((button) => button.closest('td') && button.textContent === '15');
    await user.click(day15 as HTMLElement);
    expect(await screen.findByRole('button', { name: 'To 15 Oct 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?from_date=2026-10-01&to_date=2026-10-15'),
    );
  });

  it('refuses an amount range upside down, naming the field', async () => {
    const { router, user } = renderPage();
    await screen.findByRole('table');

    await user.type(screen.getByLabelText('Minimum amount'), '50');
    await user.type(screen.getByLabelText('Maximum amount'), '5');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('The maximum must not be less than the minimum')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('moves focus to the first amount that is wrong, which names its error, on Apply', async () => {
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.type(screen.getByLabelText('Minimum amount'), 'ten');
    await user.type(screen.getByLabelText('Maximum amount'), 'five');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const minimum = screen.getByLabelText('Minimum amount');
    await waitFor(() => expect(minimum).toHaveFocus());
    expect(minimum).toHaveAccessibleDescription(
      expect.stringContaining('Please enter an amount such as -42.50'),
    );

    await user.clear(minimum);
    await user.type(minimum, '50');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByLabelText('Maximum amount')).toHaveFocus());
  });

  it('pages on with the platform cursor, kept in the URL', async () => {
    const { router, user } = renderPage();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(router.state.location.search).toBe('?after=2026-11-01_2&page=2'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('announces the new page after Next: “Page n of m” is a polite live region that stays', async () => {
    const { user } = renderPage();
    await screen.findByRole('table');
    const position = screen.getByText('Page 1 of 3');
    expect(position).toHaveAttribute('aria-live', 'polite');

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(position).toHaveTextContent('Page 2 of 3'));
    expect(position).toBeInTheDocument();
  });

  it('keeps the pager still while a new view is on its way, so old cursors never page the new one', async () => {
    // The filtered view waits at a gate made before any call, so opening it works whenever it is asked for.
    let answerFiltered: () => void = () => {};
    const filteredGate = new Promise<void>((resolve) => (answerFiltered = resolve));
    const { api, user } = renderPage({
      routes: {
        'GET /api/v2/transactions': async (request) => {
          if (!request.url.searchParams.has('search_term'))
            return json({ data: rows, paging: { cursors: { after: '2026-11-01_2' }, total: 120 } });
          await filteredGate;
          return json({ data: rows, paging: { cursors: { after: '2026-10-20_9' }, total: 60 } });
        },
      },
    });
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'woolworths');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const rowsBox = () => screen.getByRole('table').parentElement;
    await waitFor(() => expect(rowsBox()).toHaveAttribute('aria-busy', 'true'));
    // Unavailable (aria-disabled, so focus stays on it) and its press ignored.
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      api.requestsTo('GET /api/v2/transactions').some((request) => request.url.searchParams.has('after')),
    ).toBe(false);
    answerFiltered();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled'),
    );
    expect(rowsBox()).not.toHaveAttribute('aria-busy');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(api.requestsTo('GET /api/v2/transactions').at(-1)?.url.searchParams.get('after')).toBe(
        '2026-10-20_9',
      ),
    );
  });

  it('shows an empty state for no match', async () => {
    renderPage({
      url: `/user/details/${clientId}/transactions?search_term=zzz`,
      routes: { 'GET /api/v2/transactions': () => json({ data: [], paging: { cursors: {}, total: 0 } }) },
    });
    expect(await screen.findByText('No transactions match these filters.')).toBeInTheDocument();
    expect(screen.getByText('No transactions')).toBeInTheDocument();
  });

  it('shows a clear error with a retry when the list cannot load', async () => {
    const { user } = renderPage({
      routes: {
        'GET /api/v2/transactions': () =>
          json(
            { error: { error_code: 'F0001', error_type: 'validation_failed', error_message: 'bad' } },
            400,
          ),
      },
    });
    expect(await screen.findByText('We could not load the transactions.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
  });

  it('shows the not-shared page, with no Try again, when the client’s consent ends while the page is open', async () => {
    const gone = () =>
      json({ error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No such client' } }, 404);
    renderPage({ routes: { 'GET /api/v2/transactions': gone } });

    expect(
      await screen.findByRole('heading', { level: 2, name: "This client's data is not available" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/not linked to your practice/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText('We could not load the transactions.')).not.toBeInTheDocument();
  });

  it('says when the accounts and categories cannot load, and loads them on Try again', async () => {
    let fail = true;
    const refused = () =>
      json({ error: { error_code: 'F0001', error_type: 'validation_failed', error_message: 'bad' } }, 400);
    const { user } = renderPage({
      url: `/user/details/${clientId}/transactions?transaction_category_ids=8`,
      routes: {
        'GET /api/v2/accounts': () => (fail ? refused() : json({ data: [account] })),
        'GET /api/v2/transactions/categories': () => (fail ? refused() : json({ data: categories })),
      },
    });

    const alert = await screen.findByText(
      /We could not load the client's accounts, so the account names and the account filter are missing\./,
    );
    expect(alert).toHaveTextContent(
      'We could not load the categories, so the category names, the category filter and recategorising are missing.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    const active = await screen.findByRole('list', { name: 'Active filters' });
    expect(await within(active).findByText('Category: Eating out')).toBeInTheDocument();
    expect(screen.queryByText(/We could not load the categories/)).not.toBeInTheDocument();
    expect(await within(screen.getByRole('table')).findAllByText('Everyday Account')).not.toHaveLength(0);
  });

  it('says in the recategorise dialog that the categories could not load, and offers them again', async () => {
    let fail = true;
    const { user } = renderPage({
      routes: {
        'GET /api/v2/transactions/categories': () =>
          fail
            ? json(
                { error: { error_code: 'F0001', error_type: 'validation_failed', error_message: 'bad' } },
                400,
              )
            : json({ data: categories }),
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: /Select Woolworths/ }));
    await user.click(screen.getByRole('button', { name: 'Recategorise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recategorise 1 transaction' });
    expect(
      within(dialog).getByText('We could not load the categories, so there are none to choose from yet.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    const category = await within(dialog).findByRole('combobox', { name: 'Category' });
    expect(category).toHaveTextContent('Groceries');
  });

  it('goes back to the first page, replacing the address, when a later page comes back empty', async () => {
    const { router } = renderPage({
      url: `/user/details/${clientId}/transactions?search_term=salary&after=2026-11-01_2&page=2`,
      routes: {
        'GET /api/v2/transactions': (request) =>
          request.url.searchParams.has('after')
            ? json({ data: [], paging: { cursors: {}, total: 2 } })
            : json({ data: rows, paging: { cursors: {}, total: 2 } }),
      },
    });

    await waitFor(() => expect(router.state.location.search).toBe('?search_term=salary'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('No transactions match these filters.')).not.toBeInTheDocument();
  });

  it('offers no selection or actions without transaction_categorisation', async () => {
    renderPage({ canCategorise: false });
    await screen.findByRole('table');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('recategorises the selected transactions in bulk and shows the new category at once', async () => {
    let release: () => void = () => {};
    const saved = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api, user } = renderPage({
      routes: {
        'PUT /api/v2/transactions/bulk': async () => {
          await saved;
          return json({ data: { transaction_ids: [1, 2] } });
        },
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: 'Select all transactions on this page' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for the selected transactions' });
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Recategorise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recategorise 2 transactions' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: /Eating out/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getAllByText('Eating out')).toHaveLength(2));
    expect(api.requestsTo('PUT /api/v2/transactions/bulk')[0]?.body).toEqual({
      transaction_ids: [1, 2],
      category_id: 8,
      budget_category: 'lifestyle',
    });
    release();
    expect(await screen.findByText('2 transactions recategorised as Eating out')).toBeInTheDocument();
  });

  it('opens recategorising on the category and budget the selected rows share', async () => {
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: /Select Woolworths/ }));
    await user.click(screen.getByRole('button', { name: 'Recategorise' }));

    const dialog = await screen.findByRole('dialog', { name: 'Recategorise 1 transaction' });
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Groceries');
    expect(within(dialog).getByRole('combobox', { name: 'Budget category' })).toHaveTextContent('Living');
  });

  it('starts each opening of recategorising from the selection, never from the last opening’s choice or error', async () => {
    const { api, user } = renderPage();
    await screen.findByRole('table');
    const openDialog = async (name: string) => {
      await user.click(screen.getByRole('button', { name: 'Recategorise' }));
      return screen.findByRole('dialog', { name });
    };

    await user.click(screen.getByRole('checkbox', { name: /Select Woolworths/ }));
    let dialog = await openDialog('Recategorise 1 transaction');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: /Eating out/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: /Select Salary/ }));
    dialog = await openDialog('Recategorise 2 transactions');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Select');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please choose a category')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: /Select Salary/ }));
    dialog = await openDialog('Recategorise 1 transaction');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Groceries');
    expect(within(dialog).queryByText('Please choose a category')).not.toBeInTheDocument();
    expect(api.requestsTo('PUT /api/v2/transactions/bulk')).toHaveLength(0);
  });

  it('moves focus to the category, which names its error, when recategorising is saved without one', async () => {
    const { api, user } = renderPage();
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: /Select Woolworths/ }));
    await user.click(screen.getByRole('checkbox', { name: /Select Salary/ }));
    await user.click(screen.getByRole('button', { name: 'Recategorise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recategorise 2 transactions' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(category).toHaveFocus());
    expect(category).toHaveAccessibleDescription('Please choose a category');
    expect(api.requestsTo('PUT /api/v2/transactions/bulk')).toHaveLength(0);
  });

  it('drops rows a change moves out of the filtered view from the selection, offering nothing on them', async () => {
    let stored = [
      buildTransaction({ id: 1 }),
      buildTransaction({ id: 3, description: { original: 'COLES 88', simple: 'Coles', user: null } }),
      buildTransaction({ id: 4, description: { original: 'ALDI 12', simple: 'Aldi', user: null } }),
    ];
    const { api, user } = renderPage({
      url: `/user/details/${clientId}/transactions?transaction_category_ids=3`,
      routes: {
        'GET /api/v2/transactions': (request) => {
          const categoryIds = request.url.searchParams.getAll('transaction_category_ids').map(Number);
          const data = stored.filter((row) => row.category && categoryIds.includes(row.category.id));
          return json({ data, paging: { cursors: {}, total: data.length } });
        },
        'PUT /api/v2/transactions/bulk': (request) => {
          const { transaction_ids: ids } = request.body as { transaction_ids: number[] };
          stored = stored.map((row) =>
            ids.includes(row.id) ? { ...row, category: { id: 8, name: 'Eating out' } } : row,
          );
          return json({ data: { transaction_ids: ids } });
        },
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: /Select Woolworths/ }));
    await user.click(screen.getByRole('checkbox', { name: /Select Coles/ }));
    await user.click(screen.getByRole('button', { name: 'Recategorise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recategorise 2 transactions' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: /Eating out/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: /Select Coles/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('checkbox', { name: /Select Woolworths/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all transactions on this page' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: /Select Aldi/ }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for the selected transactions' });
    expect(within(toolbar).getByText('1 selected')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Include' }));
    await waitFor(() => expect(api.requestsTo('PUT /api/v2/transactions/bulk')).toHaveLength(2));
    expect(api.requestsTo('PUT /api/v2/transactions/bulk')[1]?.body).toEqual({
      transaction_ids: [4],
      included: true,
    });
  });

  it('keeps every box ticked one after another, and unticks only the one unticked', async () => {
    const { user } = renderPage();
    await screen.findByRole('table');
    const woolworths = screen.getByRole('checkbox', { name: /Select Woolworths/ });
    const salary = screen.getByRole('checkbox', { name: /Select Salary/ });

    await user.click(woolworths);
    await user.click(salary);
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for the selected transactions' });
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all transactions on this page' })).toBeChecked();

    await user.click(woolworths);
    expect(within(toolbar).getByText('1 selected')).toBeInTheDocument();
    expect(woolworths).not.toBeChecked();
    expect(salary).toBeChecked();
  });

  it('puts the row back and says why when the platform refuses a change', async () => {
    const { user } = renderPage({
      routes: {
        'PUT /api/v2/transactions/bulk': () =>
          json(
            {
              error: {
                error_code: 'F0300',
                error_type: 'not_found',
                error_message: 'There is no transaction 1',
              },
            },
            404,
          ),
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: /Select Woolworths/ }));
    await user.click(screen.getByRole('button', { name: 'Exclude' }));

    expect(
      await screen.findByText('Your change was not saved: There is no transaction 1'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Excluded')).not.toBeInTheDocument();
  });

  it('adds and removes tags on the selected transaction', async () => {
    let tags: string[] = [];
    const sent = (request: { body: unknown }) => (request.body as { tags: string[] }).tags;
    const { api, user } = renderPage({
      routes: {
        'GET /api/v2/transactions': () =>
          json({
            data: [buildTransaction({ id: 1, user_tags: tags })],
            paging: { cursors: {}, total: 1 },
          }),
        'POST /api/v2/transactions/tags': (request) => {
          tags = [...new Set([...tags, ...sent(request)])];
          return json({ data: { transaction_ids: [1] } });
        },
        'DELETE /api/v2/transactions/tags': (request) => {
          tags = tags.filter((tag) => !sent(request).includes(tag));
          return json({ data: { transaction_ids: [1] } });
        },
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: /Select Woolworths/ }));
    await user.click(screen.getByRole('button', { name: 'Edit tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of 1 transaction' });
    await user.type(within(dialog).getByLabelText('New tag'), 'tax');
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    const remove = await within(dialog).findByRole('button', { name: 'Remove tag tax' });
    // A focus ring in the full primary colour: a faded one is below 3:1 (WCAG 1.4.11).
    expect(remove).toHaveClass('focus-visible:ring-ring');
    await user.click(remove);

    expect(api.requestsTo('POST /api/v2/transactions/tags')[0]?.body).toEqual({
      transaction_ids: [1],
      tags: ['tax'],
    });
    await waitFor(() =>
      expect(
        within(dialog).getByText('None of the selected transactions has a tag yet.'),
      ).toBeInTheDocument(),
    );
    expect(api.requestsTo('DELETE /api/v2/transactions/tags')[0]?.body).toEqual({
      transaction_ids: [1],
      tags: ['tax'],
    });
  });

  it('adds a tag typed and not yet added on Done, and opens the dialog again with the field empty', async () => {
    const { api, user } = renderPage({
      routes: {
        'GET /api/v2/transactions': () =>
          json({ data: [buildTransaction({ id: 1 })], paging: { cursors: {}, total: 1 } }),
        'POST /api/v2/transactions/tags': () => json({ data: { transaction_ids: [1] } }),
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: /Select Woolworths/ }));

    await user.click(screen.getByRole('button', { name: 'Edit tags' }));
    let dialog = await screen.findByRole('dialog', { name: 'Tags of 1 transaction' });
    await user.type(within(dialog).getByLabelText('New tag'), ' holiday ');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/v2/transactions/tags').map(({ body }) => body)).toEqual([
      { transaction_ids: [1], tags: ['holiday'] },
    ]);

    // Dismissed with text typed: nothing is saved, and the text does not come back.
    await user.click(screen.getByRole('button', { name: 'Edit tags' }));
    dialog = await screen.findByRole('dialog', { name: 'Tags of 1 transaction' });
    expect(within(dialog).getByLabelText('New tag')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('New tag'), 'travel');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit tags' }));
    dialog = await screen.findByRole('dialog', { name: 'Tags of 1 transaction' });
    expect(within(dialog).getByLabelText('New tag')).toHaveValue('');

    // A comma cannot be in a tag (the platform filters on comma-joined tags): said, nothing sent,
    // and Done keeps the dialog open with what was typed rather than dropping it.
    await user.type(within(dialog).getByLabelText('New tag'), 'rent, shared');
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(await within(dialog).findByText('A tag cannot contain a comma')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('dialog', { name: 'Tags of 1 transaction' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New tag')).toHaveValue('rent, shared');
    expect(api.requestsTo('POST /api/v2/transactions/tags')).toHaveLength(1);
    await user.clear(within(dialog).getByLabelText('New tag'));

    // Done with nothing typed only closes.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/v2/transactions/tags')).toHaveLength(1);
  });
});
