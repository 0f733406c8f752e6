import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
