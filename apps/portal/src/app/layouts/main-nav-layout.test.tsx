import { screen, waitFor, within } from '@testing-library/react';
import { tenants } from '@waratah/tenants';
import { toast } from '@waratah/ui';
import { describe, expect, it, vi } from 'vitest';
import { buildAdminUserDetails } from '../../testing/build-admin-user-details.ts';
import { buildAppConfig } from '../../testing/build-app-config.ts';
import {
  adminUserDetailsRoute,
  appConfigRoute,
  createFakeApi,
  type FakeRoutes,
  json,
  revokeRoute,
} from '../../testing/fake-api.ts';
import { renderPortal, storedAccessToken } from '../../testing/render.tsx';

async function renderDashboard(routes: FakeRoutes = {}, url = '/dashboard') {
  const api = createFakeApi({
    [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails() }),
    ...routes,
  });
  const view = await renderPortal({ url, api, signedInFor: 600 });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return view;
}

describe('MainNavLayout', () => {
  it('shows the tenant logo, Home, Help, the adviser with a green tick, and Sign out', async () => {
    await renderDashboard();

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('img', { name: 'MoneyPartner home' })).toHaveAttribute(
      'src',
      tenants.moneypartner.assets.logoUrl,
    );
    const navigation = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(navigation).getByRole('link', { name: 'Help (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://help.example.test/advisers',
    );
    expect(within(banner).getByText('Ada Lee')).toBeInTheDocument();
    expect(within(banner).getByRole('img', { name: 'Verified adviser' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('falls back to the default help centre when the app config names none', async () => {
    const api = createFakeApi({
      [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails() }),
      [appConfigRoute]: () => json({ data: buildAppConfig({ links: {} }) }),
    });
    await renderPortal({ url: '/dashboard', api, signedInFor: 600 });

    const help = await screen.findByRole('link', { name: 'Help (opens in a new tab)' });
    await waitFor(() => expect(help).toHaveAttribute('href', 'https://help.waratah.com.au/advisers'));
  });

  it('shows the legal footer with the tenant links on a signed-in page', async () => {
    await renderDashboard();

    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy policy (opens in a new tab)' })).toHaveAttribute(
      'href',
      tenants.moneypartner.legal?.privacyLink,
    );
    expect(
      within(legal).getByRole('link', { name: 'Terms of service (opens in a new tab)' }),
    ).toHaveAttribute('href', tenants.moneypartner.legal?.termsLink);
  });
});

describe('signing out (spec §4)', () => {
  it("revokes the token with the tenant's client, says 'Successfully signed out' for 5000 ms and goes to sign in", async () => {
    const success = vi.spyOn(toast, 'success');
    const { api, user, router } = await renderDashboard({
      [revokeRoute]: () => new Response(null, { status: 200 }),
    });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(success).toHaveBeenCalledWith('Successfully signed out', { duration: 5000 });
    expect(await screen.findByText('Successfully signed out')).toBeInTheDocument();
    expect(api.requestsTo(revokeRoute)[0]?.body).toMatchObject({
      token: storedAccessToken,
      client_id: 'moneypartner-adviser-portal',
      domain: 'moneypartner.com.au',
    });
    expect(window.localStorage.getItem('waratah.accessToken')).toBeNull();
  });

  it('does nothing on a second press while signing out: one event, one revocation, one toast', async () => {
    const success = vi.spyOn(toast, 'success');
    const held: ((response: Response) => void)[] = [];
    const { api, user, router, portal } = await renderDashboard({
      [revokeRoute]: () => new Promise<Response>((resolve) => held.push(resolve)),
    });
    const track = vi.spyOn(portal.integrations.analytics, 'track');
    const signOut = screen.getByRole('button', { name: 'Sign out' });

    await user.dblClick(signOut);

    await waitFor(() => expect(api.requestsTo(revokeRoute)).toHaveLength(1));
    expect(signOut).toHaveAttribute('aria-busy', 'true');
    expect(signOut).toBeDisabled();
    for (const answer of held) answer(new Response(null, { status: 200 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(track).toHaveBeenCalledOnce();
    expect(track).toHaveBeenCalledWith('Sign out');
    expect(success).toHaveBeenCalledOnce();
    expect(api.requestsTo(revokeRoute)).toHaveLength(1);
  });

  it("says 'Error signing out, please try again' for 5000 ms and reports the error when it fails", async () => {
    const failure = vi.spyOn(toast, 'error');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = await renderDashboard({
      [revokeRoute]: () => json({ error: 'server_error', error_description: 'down' }, 500),
    });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('Error signing out, please try again', { duration: 5000 }),
    );
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'down' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.localStorage.getItem('waratah.accessToken')).toBe(storedAccessToken);
    // Not busy any more: the adviser can try again.
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled();
  });

  it('forgets a registration’s e-mail left in the browser, and so does the next sign-in', {
    timeout: 20_000,
  }, async () => {
    const { api, user } = await renderDashboard({
      [revokeRoute]: () => new Response(null, { status: 200 }),
      'POST /oauth/admin/token': () => json({ access_token: 'next-adviser', expires_in: 600 }),
    });
    const registering = 'someone.else@example.test';

    // Before 2026-12-03 it stayed, and the next person at /register/verify could send it a new code.
    window.localStorage.setItem('waratah.registrationEmail', registering);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in to MoneyPartner' });
    expect(window.localStorage.getItem('waratah.registrationEmail')).toBeNull();

    window.localStorage.setItem('waratah.registrationEmail', registering);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace.hopper@example.test');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.requestsTo('POST /oauth/admin/token')).toHaveLength(1));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(window.localStorage.getItem('waratah.registrationEmail')).toBeNull();
  });

  it('leaves no page to come back to: the next adviser to sign in starts at the dashboard', async () => {
    const { api, user, router } = await renderDashboard(
      {
        [revokeRoute]: () => new Response(null, { status: 200 }),
        'POST /oauth/admin/token': () => json({ access_token: 'next-adviser', expires_in: 600 }),
      },
      '/dashboard?view=all#clients',
    );

    // A page an earlier, timed-out session saved to come back to goes too.
    window.localStorage.setItem(
      'waratah.entryRoute',
      JSON.stringify({ name: 'DashboardPage', query: { view: 'all' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in to MoneyPartner' });
    expect(window.localStorage.getItem('waratah.entryRoute')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace.hopper@example.test');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.requestsTo('POST /oauth/admin/token')).toHaveLength(1));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toBe('');
  });
});
