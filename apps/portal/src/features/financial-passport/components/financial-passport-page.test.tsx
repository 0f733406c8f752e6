import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '@waratah/sdk';
import { tenants } from '@waratah/tenants';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from '../../../lib/api-client-context.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { createFakeApi, json } from '../../../testing/fake-api.ts';
import { buildPassport } from '../testing/build-passport.ts';
import { FinancialPassportPage, type FinancialPassportPageProps } from './financial-passport-page.tsx';

const passportRoute = 'GET /api/v2/financialpassport';

function renderPassport({
  url = '/user/details/5/financial-passport',
  ...props
}: Partial<FinancialPassportPageProps> & { url?: string } = {}) {
  const api = createFakeApi({ [passportRoute]: () => json({ data: buildPassport() }) });
  const client = createApiClient({ baseUrl: 'http://moneypartner.localhost:8080', fetch: api.fetch });
  const router = createMemoryRouter(
    [
      {
        path: '/user/details/:id/financial-passport',
        element: (
          <FinancialPassportPage
            clientId={5}
            periods={tenants.moneypartner.exportOptions.financialPassport}
            customDates={false}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <ApiClientProvider client={client}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiClientProvider>
    </I18nextProvider>,
  );
  return { api, router, user: userEvent.setup() };
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

  it('expands a figure to the transactions it came from', async () => {
    const { user } = renderPassport();

    await user.click(await screen.findByRole('button', { name: /^SALARY ACME/ }));

    const table = screen.getByRole('table', { name: 'Transactions behind SALARY ACME' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '13 Nov 2026SALARY ACMEEveryday Account$4,500.00',
      '30 Oct 2026SALARY ACMEEveryday Account$4,500.00',
    ]);
    await user.click(screen.getByRole('button', { name: /^Overdrawn days/ }));
    expect(screen.getByText('Everyday Account: 3 days')).toBeInTheDocument();
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

  it('leaves the header a place for an export action of the chosen period', async () => {
    const exportAction = vi.fn(() => <button type="button">Export</button>);
    renderPassport({ exportAction, url: '/user/details/5/financial-passport?period=fin-year' });
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(exportAction).toHaveBeenLastCalledWith({ from: '2024-07-01', to: '2025-06-30' });
  });
});
