import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-api.ts';
import {
  buildAccount,
  buildProviderAccount,
  buildRefreshStatus,
} from '../../client-details/testing/build-client-data.ts';
import { renderClientPage } from '../../client-details/testing/render-client-page.tsx';

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
    const regions = screen.getAllByRole('region');
    expect(regions.map((region) => within(region).getByRole('heading', { level: 3 }).textContent)).toEqual([
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

  it('tells screen readers it is loading the accounts', async () => {
    await renderClientPage({
      url: '/user/details/7/accounts',
      routes: { ...accountsRoutes, 'GET /api/v2/accounts': () => new Promise<Response>(() => {}) },
    });

    expect((await screen.findByText('Loading accounts')).closest('[role="status"]')).toBeInTheDocument();
  });
});
