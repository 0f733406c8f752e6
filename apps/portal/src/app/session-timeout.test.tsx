import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { RouteHandle, RouteName } from '../config/routes.ts';
import type { PasswordSession } from '../lib/auth/password-session.ts';
import { type ProviderAuth, ProviderAuthProvider } from '../lib/auth/provider-auth.tsx';
import { type SessionServices, SessionServicesProvider } from '../lib/auth/session-services.tsx';
import { createSignal } from '../lib/auth/signal.ts';
import { createRouteStorage } from '../lib/route-storage.ts';
import { buildAdminUserDetails } from '../testing/build-admin-user-details.ts';
import {
  adminUserDetailsRoute,
  createFakeApi,
  json,
  revokeRoute,
  tokenRoute,
  unauthorised,
} from '../testing/fake-api.ts';
import { renderPortal, storedAccessToken } from '../testing/render.tsx';
import { SessionTimeout } from './session-timeout.tsx';

/** The timeout alone, on a few pages, under a single sign-on provider whose cookie reads signed in. */
function renderWithProvider(url: string) {
  const provider: ProviderAuth = {
    isLoggedIn: true,
    startLogin: vi.fn(),
    startRegister: vi.fn(),
    startLogout: vi.fn(),
    accountUrl: 'https://id.waratah.example/account/',
    returnedSignedOut: () => false,
    justReturned: () => false,
    fetchUserInfo: vi.fn(),
  };
  // A single sign-on tenant has no password session, nor an adviser asked for at start-up.
  const services: SessionServices = {
    passwordSession: {} as PasswordSession,
    routeStorage: createRouteStorage(window.localStorage),
    unauthorized: createSignal(),
    firstAdminUserDetails: {} as SessionServices['firstAdminUserDetails'],
  };
  const page = (path: string, name: RouteName, auth: boolean) => ({
    path,
    handle: { meta: { name, auth, layout: 'none' } } satisfies RouteHandle,
    element: <p>{name}</p>,
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <SessionTimeout />
          </>
        ),
        children: [
          page('/', 'LoginPage', false),
          page('/dashboard', 'DashboardPage', true),
          page('/user/details/:id/goals', 'UserGoalsPage', true),
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <SessionServicesProvider value={services}>
      <ProviderAuthProvider value={provider}>
        <RouterProvider router={router} />
      </ProviderAuthProvider>
    </SessionServicesProvider>,
  );
  return { provider, router, services, user: userEvent.setup() };
}

describe('the session timeout (spec §4)', () => {
  it('opens the modal on a 401, sends the visitor to sign in, and restores the route afterwards', async () => {
    // The stored token no longer works; the one from signing in again does.
    const api = createFakeApi({
      [adminUserDetailsRoute]: ({ headers }) =>
        headers.get('Authorization') === `Bearer ${storedAccessToken}`
          ? unauthorised()
          : json({ data: buildAdminUserDetails() }),
      [tokenRoute]: () => json({ access_token: 'fresh', expires_in: 3600 }),
      [revokeRoute]: () => json({}),
    });
    const { user, router } = await renderPortal({ url: '/dashboard?view=all#top', api, signedInFor: 600 });

    const modal = await screen.findByRole('dialog', { name: 'Session timed out' });
    expect(modal).toHaveTextContent('Your session has ended due to inactivity.');
    expect(modal).toHaveTextContent('Please try again to start a new session.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('waratah.accessToken')).toBeNull();
    // The ended session is revoked too: the platform ends its refresh token cookie and clears it.
    await waitFor(() =>
      expect(api.requestsTo(revokeRoute).map((request) => request.body)).toEqual([
        expect.objectContaining({ token: storedAccessToken }),
      ]),
    );

    await user.click(within(modal).getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada.lee@example.test');
    await user.type(screen.getByLabelText(/^Password/), 'a long enough password 1A');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({
      pathname: '/dashboard',
      search: '?view=all',
      hash: '#top',
    });
  });

  it('opens no modal for a 401 without a stored session', async () => {
    const api = createFakeApi({ [tokenRoute]: () => unauthorised() });
    const { user } = await renderPortal({ api });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada.lee@example.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The access token is not valid');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with single sign-on, ‘Try again’ starts the provider’s login and keeps the page to come back to', async () => {
    const { provider, router, services, user } = renderWithProvider('/user/details/7/goals?view=all#top');
    await screen.findByText('UserGoalsPage');

    act(() => services.unauthorized.notify());
    const modal = await screen.findByRole('dialog', { name: 'Session timed out' });
    await user.click(within(modal).getByRole('button', { name: 'Try again' }));

    // Straight to the provider: the sign-in page would send a visitor still signed in by the cookie
    // to the dashboard, whose own 401 saved the dashboard over this page (before 2026-12-02).
    expect(provider.startLogin).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/user/details/7/goals');
    // A 401 still to come before the page leaves neither opens the modal again nor saves over it.
    act(() => services.unauthorized.notify());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(services.routeStorage.takeEntryRoute()).toEqual({
      name: 'UserGoalsPage',
      params: { id: '7' },
      query: { view: 'all' },
      hash: '#top',
    });
  });
});
