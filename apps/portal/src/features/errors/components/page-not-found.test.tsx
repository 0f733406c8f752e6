import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdminUserDetails } from '../../../testing/build-admin-user-details.ts';
import { adminUserDetailsRoute, createFakeApi, json } from '../../../testing/fake-api.ts';
import { renderPortal } from '../../../testing/render.tsx';

describe('PageNotFound', () => {
  it("answers an unknown path with the spec's copy, its title and a way home", async () => {
    const { user, router } = await renderPortal({
      url: '/no/such/page',
      host: 'moneypartner.localhost:8080',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText("We can't seem to find the page you are looking for.")).toBeInTheDocument();
    expect(
      screen.getByText('You may have mistyped the address or the page may have moved.'),
    ).toBeInTheDocument();
    // The title follows the render: the root route sets it in an effect.
    await waitFor(() => expect(document.title).toBe('Not Found - MoneyPartner Adviser Portal'));

    await user.click(screen.getByRole('link', { name: 'Take me home' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to MoneyPartner' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('takes a signed-in adviser home to the dashboard, not to the sign-in form', {
    timeout: 20_000,
  }, async () => {
    const api = createFakeApi({ [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails() }) });
    const { user, router } = await renderPortal({ url: '/no/such/page', api, signedInFor: 600 });

    await screen.findByRole('heading', { level: 1, name: 'Oops!' });
    // Before 2026-12-03 it went to `/`, which on a password tenant is the sign-in form whoever asks.
    expect(screen.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('link', { name: 'Take me home' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('takes a signed-in adviser on from the error page to the dashboard too', {
    timeout: 20_000,
  }, async () => {
    await renderPortal({ url: '/error', signedInFor: 600 });

    await screen.findByRole('heading', { level: 1, name: 'We ran into an issue' });
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).not.toBeInTheDocument();
  });
});
