import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildAccount,
  buildProviderAccount,
  buildRefreshStatus,
} from '../../../testing/build-client-data.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderClientPage } from '../../../testing/render-client-page.tsx';

const accountsRoutes = {
  'GET /api/v2/provideraccounts': () =>
    json({
      data: [
        buildProviderAccount(),
        buildProviderAccount({
          id: 12,
          provider_name: 'Koala Credit Union',
          refresh_status: buildRefreshStatus({ status: 'needs_action', sub_status: 'relogin_required' }),
        }),
      ],
    }),
  'GET /api/v2/accounts': () =>
    json({
      data: [
        buildAccount({ id: 1 }),
        buildAccount({
          id: 2,
          account_name: 'Platinum Card',
          nick_name: 'Travel card',
          account_attributes: { container: 'credit_card', account_type: 'credit_card' },
          owner_type: 'trust',
          current_balance: { amount: '-1520.35', currency: 'AUD' },
          available_balance: null,
          included: false,
        }),
        buildAccount({
          id: 3,
          provider_account_id: 12,
          provider_name: 'Koala Credit Union',
          account_name: 'Super',
          account_attributes: { container: 'investment', account_type: 'super_annuation' },
        }),
      ],
    }),
};

// The whole portal renders with its lazy routes: the first test of a busy run may take a while.
describe('ClientAccountsPage', { timeout: 20_000 }, () => {
  it('groups the accounts by institution with type, holder, balances and refresh status', async () => {
    const { api } = await renderClientPage({ url: '/user/details/7/accounts', routes: accountsRoutes });

    expect(await screen.findByText('3 accounts')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Koala Credit Union',
      'Harbour Bank',
    ]);

    const koala = screen.getByRole('region', { name: 'Koala Credit Union' });
    expect(within(koala).getAllByText('Needs action')[0]).toBeInTheDocument();
    expect(
      within(koala).getByText('The client needs to sign in to this institution again.'),
    ).toBeInTheDocument();
    expect(within(koala).getByRole('rowheader', { name: /Super/ })).toBeInTheDocument();
    expect(within(koala).getByText('Superannuation')).toBeInTheDocument();

    const harbour = screen.getByRole('region', { name: 'Harbour Bank' });
    const card = within(harbour).getByRole('row', { name: /Travel card/ });
    expect(within(card).getByText('Credit card')).toBeInTheDocument();
    expect(within(card).getByText('Trust')).toBeInTheDocument();
    expect(within(card).getByText('-$1,520.35')).toBeInTheDocument();
    expect(within(card).getByText('Not provided')).toBeInTheDocument();
    expect(within(card).getByText('Not in totals')).toBeInTheDocument();
    const everyday = within(harbour).getByRole('row', { name: /Everyday Account/ });
    expect(within(everyday).getByText('Bank account')).toBeInTheDocument();
    expect(within(everyday).getByText('Individual')).toBeInTheDocument();
    expect(within(everyday).getAllByText('$1,250.40')).toHaveLength(2);

    expect(api.requestsTo('GET /api/v2/accounts')[0]?.headers.get('X-User-Id')).toBe('7');
  });

  it('lets the keyboard scroll each wide accounts table: a focusable region named after it', async () => {
    await renderClientPage({ url: '/user/details/7/accounts', routes: accountsRoutes });

    const koala = await screen.findByRole('region', { name: 'Koala Credit Union' });
    const scroller = within(koala).getByRole('region', { name: 'Accounts at Koala Credit Union' });
    expect(
      within(scroller).getByRole('table', { name: 'Accounts at Koala Credit Union' }),
    ).toBeInTheDocument();
    expect(scroller).toHaveAttribute('tabindex', '0');
    scroller.focus();
    expect(scroller).toHaveFocus();
  });

  it("counts one account as '1 account' and none as 'No accounts', with an empty state", async () => {
    await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        'GET /api/v2/provideraccounts': () => json({ data: [] }),
        'GET /api/v2/accounts': () => json({ data: [] }),
      },
    });

    expect(await screen.findByText('No accounts')).toBeInTheDocument();
    expect(screen.getByText('The client has not connected any accounts yet.')).toBeInTheDocument();
  });

  it('says 1 account for a single account', async () => {
    await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        'GET /api/v2/provideraccounts': () => json({ data: [buildProviderAccount()] }),
        'GET /api/v2/accounts': () => json({ data: [buildAccount()] }),
      },
    });

    expect(await screen.findByText('1 account')).toBeInTheDocument();
  });

  it('shows the not-shared page when the platform no longer lets the adviser see the accounts', async () => {
    await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        'GET /api/v2/provideraccounts': () => json({ data: [] }),
        'GET /api/v2/accounts': () =>
          json(
            { error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No such client' } },
            404,
          ),
      },
    });

    expect(await screen.findByText(/not linked to your practice/)).toBeInTheDocument();
  });

  it('says a connection whose bank is down is retried, not that the client must act', async () => {
    await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        'GET /api/v2/provideraccounts': () =>
          json({
            data: [
              buildProviderAccount(),
              buildProviderAccount({
                id: 12,
                provider_name: 'Koala Credit Union',
                refresh_status: buildRefreshStatus({
                  status: 'failed',
                  sub_status: 'temporary_failure',
                  additional_status: 'site_error',
                }),
              }),
            ],
          }),
        'GET /api/v2/accounts': () => json({ data: [buildAccount({ id: 1 })] }),
      },
    });

    const koala = await screen.findByRole('region', { name: 'Koala Credit Union' });
    expect(within(koala).getByText('Failed')).toBeInTheDocument();
    expect(within(koala).getByText("The institution's website returned an error.")).toBeInTheDocument();
    expect(
      within(koala).getByText(
        'It will be tried again automatically; the client does not need to do anything.',
      ),
    ).toBeInTheDocument();
    expect(
      within(koala).queryByText(
        'The client needs to act on this connection before its accounts refresh again.',
      ),
    ).not.toBeInTheDocument();
    expect(koala).not.toHaveAttribute('data-needs-action');
  });

  it('keeps the accounts on screen when a background refetch fails', async () => {
    let failing = false;
    const { portal } = await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        ...accountsRoutes,
        // A 4xx answer is not retried by the query client, so the refetch fails at once.
        'GET /api/v2/accounts': () =>
          failing
            ? json({ error: { error_code: 'F0400', error_type: 'bad_request', error_message: 'Boom' } }, 400)
            : accountsRoutes['GET /api/v2/accounts'](),
      },
    });
    expect(await screen.findByText('3 accounts')).toBeInTheDocument();
    const accountsQuery = ['clients', 7, 'accounts'];

    failing = true;
    await act(() => portal.queryClient.refetchQueries({ queryKey: accountsQuery }));
    await waitFor(() => expect(portal.queryClient.getQueryState(accountsQuery)?.status).toBe('error'));

    expect(screen.getByText('3 accounts')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Harbour Bank' })).toBeInTheDocument();
    expect(screen.queryByText("We could not load the client's accounts")).not.toBeInTheDocument();
  });

  it('shows the accounts by institution when only the connections fail, saying so, with a retry', async () => {
    let connectionsFail = true;
    const { user } = await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        ...accountsRoutes,
        // A 4xx answer is not retried by the query client, so the first load fails at once.
        'GET /api/v2/provideraccounts': () =>
          connectionsFail
            ? json({ error: { error_code: 'F0400', error_type: 'bad_request', error_message: 'Boom' } }, 400)
            : accountsRoutes['GET /api/v2/provideraccounts'](),
      },
    });

    const note = await screen.findByText(/We could not load the client's connections/);
    expect(screen.getByText('3 accounts')).toBeInTheDocument();
    expect(screen.queryByText("We could not load the client's accounts")).not.toBeInTheDocument();
    // Grouped from the accounts themselves, each with the refresh status it carries.
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Harbour Bank',
      'Koala Credit Union',
    ]);
    const harbour = screen.getByRole('region', { name: 'Harbour Bank' });
    expect(within(harbour).getByRole('row', { name: /Travel card/ })).toBeInTheDocument();
    expect(within(harbour).getByRole('row', { name: /Everyday Account/ })).toBeInTheDocument();

    connectionsFail = false;
    await user.click(
      within(note.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    await waitFor(() =>
      expect(screen.queryByText(/We could not load the client's connections/)).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByText('The client needs to sign in to this institution again.'),
    ).toBeInTheDocument();
  });

  it('keeps the accounts on screen while the connections are asked for again', async () => {
    // Before 2026-12-03 "Try again" swapped the page, alert and accounts, for the loading skeleton
    // until the connections answered, and the focused button went with it.
    let answerConnections: (response: Response) => void = () => {};
    let asked = 0;
    const { user } = await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        ...accountsRoutes,
        'GET /api/v2/provideraccounts': () => {
          asked += 1;
          if (asked === 1)
            return json(
              { error: { error_code: 'F0400', error_type: 'bad_request', error_message: 'Boom' } },
              400,
            );
          return new Promise<Response>((resolve) => {
            answerConnections = resolve;
          });
        },
      },
    });

    const note = await screen.findByText(/We could not load the client's connections/);
    await user.click(
      within(note.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    await waitFor(() => expect(asked).toBe(2));
    expect(screen.queryByText('Loading accounts')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Harbour Bank' })).toBeInTheDocument();
    answerConnections(await accountsRoutes['GET /api/v2/provideraccounts']());
    expect(
      await screen.findByText('The client needs to sign in to this institution again.'),
    ).toBeInTheDocument();
  });

  it('holds Try again until a busy platform’s Retry-After has passed, and says for how long', async () => {
    // Before 2026-12-03 it was offered at once: asked again sooner, the platform only refused again.
    await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        ...accountsRoutes,
        'GET /api/v2/accounts': () =>
          json({ error: { error_code: 'F9990', error_message: 'busy' } }, 503, { 'Retry-After': '60' }),
      },
    });

    const failed = await screen.findByText(
      "We could not load the client's accounts",
      {},
      { timeout: 15_000 },
    );
    const alert = failed.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
    expect(alert).toHaveTextContent('You can try again in 1 minute.');
  });

  it('holds the connections’ Try again until a busy platform’s Retry-After has passed, and says for how long', async () => {
    await renderClientPage({
      url: '/user/details/7/accounts',
      routes: {
        ...accountsRoutes,
        'GET /api/v2/provideraccounts': () =>
          json({ error: { error_code: 'F9990', error_message: 'busy' } }, 503, { 'Retry-After': '60' }),
      },
    });

    // The note shows while a failed prefetch is asked again on mount (no answer yet, so no wait):
    // the wait comes with the answer.
    const note = await screen.findByText(
      /We could not load the client's connections.* You can try again in 1 minute\./,
      {},
      { timeout: 15_000 },
    );
    const alert = note.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('3 accounts')).toBeInTheDocument();
  });

  it('tells screen readers it is loading the accounts', async () => {
    await renderClientPage({
      url: '/user/details/7/accounts',
      routes: { ...accountsRoutes, 'GET /api/v2/accounts': () => new Promise<Response>(() => {}) },
    });

    expect((await screen.findByText('Loading accounts')).closest('[role="status"]')).toBeInTheDocument();
  });
});
