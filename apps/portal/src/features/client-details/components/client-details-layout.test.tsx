import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildClient } from '../../../testing/build-client-data.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderClientPage } from '../../../testing/render-client-page.tsx';

const emptyClientData = {
  'GET /api/v2/accounts': () => json({ data: [] }),
  'GET /api/v2/provideraccounts': () => json({ data: [] }),
  'GET /api/v2/reports/transactions/budget_categories': () => json({ data: [] }),
  'GET /api/v2/goals': () => json({ data: [] }),
};

// The whole portal renders with its lazy routes: the first test of a busy run may take a while.
describe('ClientDetailsLayout', { timeout: 20_000 }, () => {
  it("shows the client's name, e-mail and consent, and opens on the overview", async () => {
    const { router } = await renderClientPage({ url: '/user/details/7', routes: emptyClientData });

    expect(await screen.findByRole('heading', { level: 1, name: 'Olivia Nguyen' })).toBeInTheDocument();
    expect(screen.getByText('olivia.nguyen@example.test')).toBeInTheDocument();
    expect(screen.getByTestId('client-consent')).toHaveTextContent('ConsentActive');
    expect(router.state.location.pathname).toBe('/user/details/7/overview');
    const tabs = screen.getByRole('navigation', { name: 'Client pages' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Accounts', 'Transactions', 'Goals', 'Add goal', 'Financial Passport']);
    expect(within(tabs).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // A focus ring in the full primary colour: a faded one is below 3:1 (WCAG 1.4.11).
    expect(within(tabs).getByRole('link', { name: 'Accounts' })).toHaveClass('focus-visible:ring-ring');
  });

  it('offers no tab for a page whose feature is off', async () => {
    await renderClientPage({ url: '/user/details/7/accounts', routes: emptyClientData, features: {} });

    const tabs = await screen.findByRole('navigation', { name: 'Client pages' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Accounts', 'Financial Passport']);
  });

  it('shows a clear page and asks for no data when the client is not linked to the adviser', async () => {
    const { api } = await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        ...emptyClientData,
        'GET /api/admin/users/7': () =>
          json(
            { error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No such client' } },
            404,
          ),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: "This client's data is not available" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/not linked to your practice/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Client pages' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/v2/accounts')).toHaveLength(0);
  });

  it('shows who the client is but none of their data when their consent was withdrawn', async () => {
    const { api } = await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        ...emptyClientData,
        'GET /api/admin/users/7': () =>
          json({
            data: buildClient({
              consent: { status: 'withdrawn', start: '2026-01-10T00:00:00Z', expiry: null },
            }),
          }),
      },
    });

    expect(await screen.findByText(/consent is withdrawn/)).toBeInTheDocument();
    expect(screen.getByTestId('client-consent')).toHaveTextContent('ConsentWithdrawn');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Olivia Nguyen' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Accounts' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/v2/accounts')).toHaveLength(0);
    expect(api.requestsTo('GET /api/v2/provideraccounts')).toHaveLength(0);
  });

  it('says an invited client has not given consent yet', async () => {
    await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        'GET /api/admin/users/7': () =>
          json({ data: buildClient({ consent: { status: 'pending', start: null, expiry: null } }) }),
      },
    });

    expect(await screen.findByText(/has been invited but has not yet given consent/)).toBeInTheDocument();
  });

  it('refuses an address that cannot name a client', async () => {
    const { api } = await renderClientPage({ url: '/user/details/abc/overview' });

    expect(await screen.findByText('This address does not point to a client.')).toBeInTheDocument();
    expect(api.requestsTo('GET /api/admin/users/abc')).toHaveLength(0);
  });

  it('offers a retry when loading the client fails', async () => {
    let failing = true;
    const { user } = await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        ...emptyClientData,
        // A 4xx answer is not retried by the query client, so the failure shows at once.
        'GET /api/admin/users/7': () =>
          failing
            ? json({ error: { error_code: 'F0400', error_type: 'bad_request', error_message: 'Boom' } }, 400)
            : json({ data: buildClient() }),
      },
    });

    const retry = await screen.findByRole('button', { name: 'Try again' });
    failing = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olivia Nguyen' })).toBeInTheDocument();
  });

  it('keeps the client’s page when a background refetch of the client fails', async () => {
    let answer = () => json({ data: buildClient() });
    const { portal } = await renderClientPage({
      url: '/user/details/7/overview',
      routes: { ...emptyClientData, 'GET /api/admin/users/7': () => answer() },
    });
    await screen.findByRole('heading', { level: 1, name: 'Olivia Nguyen' });
    const clientQuery = ['clients', 'admin', 7];

    // A 4xx answer is not retried by the query client, so the refetch fails at once.
    answer = () =>
      json({ error: { error_code: 'F0400', error_type: 'bad_request', error_message: 'Boom' } }, 400);
    await act(() => portal.queryClient.refetchQueries({ queryKey: clientQuery }));
    await waitFor(() => expect(portal.queryClient.getQueryState(clientQuery)?.status).toBe('error'));

    expect(screen.getByRole('heading', { level: 1, name: 'Olivia Nguyen' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Client pages' })).toBeInTheDocument();
    expect(screen.queryByText('We could not load this client')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    // A client now out of reach still replaces the page, though their record is in the cache.
    answer = () =>
      json({ error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No such client' } }, 404);
    await act(() => portal.queryClient.refetchQueries({ queryKey: clientQuery }));
    expect(
      await screen.findByRole('heading', { level: 1, name: "This client's data is not available" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Client pages' })).not.toBeInTheDocument();
  });

  it('says it is loading the client, focusing the main landmark until their name comes, then the name', async () => {
    let answer: (response: Response) => void = () => {};
    const { api, router } = await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        ...emptyClientData,
        'GET /api/admin/users/8': () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Olivia Nguyen' });

    await act(() => router.navigate('/user/details/8/overview'));

    expect(await screen.findByRole('status')).toHaveTextContent('Loading the client');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    await waitFor(() => expect(api.requestsTo('GET /api/admin/users/8')).toHaveLength(1));
    answer(json({ data: buildClient({ id: 8, given_name: 'Noah', family_name: 'Kim' }) }));
    const name = await screen.findByRole('heading', { level: 1, name: 'Noah Kim' });
    await waitFor(() => expect(name).toHaveFocus());
  });
});
