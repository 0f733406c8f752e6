import { screen, waitFor } from '@testing-library/react';
import type { ExternalPartyStatus } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { buildAdminUserDetails } from '../../testing/build-admin-user-details.ts';
import { buildAppConfig } from '../../testing/build-app-config.ts';
import {
  adminUserDetailsRoute,
  appConfigRoute,
  createFakeApi,
  type FakeRequest,
  json,
  tokenRoute,
  unauthorised,
} from '../../testing/fake-api.ts';
import { renderPortal, storedAccessToken } from '../../testing/render.tsx';

function adviserApi(status: ExternalPartyStatus | null) {
  return createFakeApi({ [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails(status) }) });
}

describe('RouteGuard in the running portal', () => {
  it('sends a signed-out visitor to sign in, and back to the page after it', async () => {
    const api = createFakeApi({
      [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails() }),
      'POST /oauth/admin/token': () => json({ access_token: 'a', expires_in: 600 }),
    });
    const { router, user } = await renderPortal({ url: '/dashboard', api });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to MoneyPartner' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada.lee@example.test');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ada Lee')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard - MoneyPartner Adviser Portal'));
  });

  it('keeps an adviser back after the token’s life signed in: the refresh cookie renews it before the page is guarded', async () => {
    // The platform refuses a dead bearer on every call, the app config's too.
    const refusesDeadToken =
      (answer: () => Response) =>
      ({ headers }: FakeRequest) =>
        headers.get('Authorization') === `Bearer ${storedAccessToken}` ? unauthorised() : answer();
    const api = createFakeApi({
      [appConfigRoute]: refusesDeadToken(() => json({ data: buildAppConfig() })),
      [adminUserDetailsRoute]: refusesDeadToken(() => json({ data: buildAdminUserDetails() })),
      [tokenRoute]: () => json({ access_token: 'renewed', expires_in: 3600 }),
    });
    const { router } = await renderPortal({ url: '/dashboard?view=all', api, signedInFor: -7200 });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText('Session timed out')).not.toBeInTheDocument();
    expect(api.requestsTo(tokenRoute)).toHaveLength(1);
    expect(
      api.requests.filter(({ headers }) => headers.get('Authorization')?.includes(storedAccessToken)),
    ).toEqual([]);
  });

  it.each([
    ['unverified', 'Application in review', '/unverified'],
    ['disabled', 'Could not verify application', '/disabled'],
  ] as const)('sends a %s practice to its page', async (status, heading, path) => {
    const { router } = await renderPortal({ url: '/dashboard', api: adviserApi(status), signedInFor: 600 });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('sends an adviser without a practice to the company step when registration is on', async () => {
    const { router } = await renderPortal({
      url: '/dashboard',
      api: adviserApi(null),
      signedInFor: 600,
      appState: { appConfig: buildAppConfig({ features: { ta_register: true } }) },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/company');
  });

  it('lets the first page in with the adviser asked for at start-up, and asks afresh for the next', async () => {
    const api = adviserApi('enabled');
    const { router } = await renderPortal({ url: '/dashboard', api, signedInFor: 600 });

    expect(await screen.findByText('Welcome, Ada Lee')).toBeInTheDocument();
    expect(api.requestsTo(adminUserDetailsRoute)).toHaveLength(1);

    await router.navigate('/error');
    await screen.findByRole('heading', { level: 1, name: 'We ran into an issue' });
    await router.navigate('/dashboard');
    expect(await screen.findByText('Welcome, Ada Lee')).toBeInTheDocument();
    expect(api.requestsTo(adminUserDetailsRoute)).toHaveLength(2);
  });

  it('lets in a new query string on the page just let in without asking again, so that a failure cannot send a signed-in adviser to sign in', async () => {
    let failing = false;
    const api = createFakeApi({
      [adminUserDetailsRoute]: () =>
        failing ? new Response('', { status: 503 }) : json({ data: buildAdminUserDetails() }),
    });
    const { router } = await renderPortal({ url: '/dashboard', api, signedInFor: 600 });
    expect(await screen.findByText('Welcome, Ada Lee')).toBeInTheDocument();
    failing = true;

    await router.navigate('/dashboard?search=ada');
    const search = screen.getByRole('searchbox', { name: 'Search clients by name or email' });
    await waitFor(() => expect(search).toHaveValue('ada'));
    // Time for a guard that ran again to ask and be refused; let in as it is, nothing is asked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.requestsTo(adminUserDetailsRoute)).toHaveLength(1);

    // A new path is guarded again: it asks, and its failure goes to sign in (spec §4).
    await router.navigate('/error');
    await screen.findByRole('heading', { level: 1, name: 'We ran into an issue' });
    await router.navigate('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: /^Sign in to/ })).toBeInTheDocument();
    expect(api.requestsTo(adminUserDetailsRoute)).toHaveLength(2);
  });

  it('asks again when the early request failed, and lets the page in with the answer', async () => {
    let calls = 0;
    const api = createFakeApi({
      [adminUserDetailsRoute]: () => {
        calls += 1;
        return calls === 1 ? new Response('', { status: 502 }) : json({ data: buildAdminUserDetails() });
      },
    });
    const { router } = await renderPortal({ url: '/dashboard', api, signedInFor: 600 });

    expect(await screen.findByText('Welcome, Ada Lee')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls).toBe(2);
  });

  it('shows the error page with its title', async () => {
    await renderPortal({ url: '/error' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We ran into an issue' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('We ran into an issue - MoneyPartner Adviser Portal'));
  });

  it('moves focus to the main heading after a navigation', async () => {
    const { router } = await renderPortal({ url: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in to MoneyPartner' });

    await router.navigate('/reset-password');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
