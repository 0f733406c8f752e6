import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json } from '../../../testing/fake-api.ts';
import { renderPortal } from '../../../testing/render.tsx';

const setPasswordRoute = 'POST /api/admin/adminusers/reset/password';
const goodPassword = 'Correct horse 42 battery';

function api() {
  return createFakeApi({ [setPasswordRoute]: () => json({ data: { email: 'ada.lee@example.test' } }) });
}

describe('SetPasswordPage', () => {
  it("is titled 'Set password' in invite mode and sends the invitation token", async () => {
    const fake = api();
    const { user } = await renderPortal({ url: '/set-password?invitation_token=inv-1', api: fake });

    expect(await screen.findByRole('heading', { level: 1, name: 'Set password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), goodPassword);
    await user.type(screen.getByLabelText(/^Confirm password/), goodPassword);
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('Your password has been set. You can now sign in.')).toBeInTheDocument();
    expect(fake.requestsTo(setPasswordRoute)[0]?.body).toEqual({
      invitation_token: 'inv-1',
      password: goodPassword,
      password_confirmation: goodPassword,
    });
  });

  it('announces that the password is set and gives that message focus, once', async () => {
    const { user } = await renderPortal({ url: '/set-password?reset_password_token=r-1', api: api() });

    await user.type(await screen.findByLabelText(/^New password/), goodPassword);
    await user.type(screen.getByLabelText(/^Confirm password/), goodPassword);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    const done = await screen.findByText('Your password has been set. You can now sign in.');
    expect(done).toHaveAttribute('role', 'status');
    expect(done).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveFocus();
  });

  it('ticks the criteria live, and warns when they are not all met', async () => {
    const fake = api();
    const { user } = await renderPortal({ url: '/set-password?reset_password_token=r-1', api: fake });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByText('Your password must have:')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'short1');
    expect(screen.getByText('At least one number')).toHaveTextContent('(met)');
    expect(screen.getByText('At least 16 characters')).toHaveTextContent('(not met)');

    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(screen.getByText("Your password doesn't meet all the criteria below")).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveFocus();
    expect(fake.requestsTo(setPasswordRoute)).toHaveLength(0);
  });

  it("says 'Passwords do not match' when the confirmation differs", async () => {
    const fake = api();
    const { user } = await renderPortal({ url: '/set-password?reset_password_token=r-1', api: fake });

    await user.type(await screen.findByLabelText(/^New password/), goodPassword);
    await user.type(screen.getByLabelText(/^Confirm password/), `${goodPassword}!`);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fake.requestsTo(setPasswordRoute)).toHaveLength(0);
  });

  it('goes to the sign-in page without either token', async () => {
    const { router } = await renderPortal({ url: '/set-password?token=nope' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
