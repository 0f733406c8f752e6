import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../../testing/build-app-config.ts';
import { appConfigRoute, createFakeApi, type FakeHandler, json } from '../../../testing/fake-api.ts';
import { renderPortal } from '../../../testing/render.tsx';

const tokenRoute = 'POST /oauth/admin/token';

interface ApiOptions {
  taRegister?: boolean;
  token?: FakeHandler;
}

function apiWith({ taRegister = false, token = () => json({ access_token: 'new-token' }) }: ApiOptions = {}) {
  return createFakeApi({
    [appConfigRoute]: () => json({ data: buildAppConfig({ features: { ta_register: taRegister } }) }),
    [tokenRoute]: token,
  });
}

async function renderLogin(options: ApiOptions = {}) {
  const view = await renderPortal({ host: 'moneypartner.localhost:8080', api: apiWith(options) });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('LoginPage', () => {
  it('greets the tenant by name under the Sign in title', async () => {
    await renderLogin();

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to MoneyPartner' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in - MoneyPartner Adviser Portal'));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('greets each tenant by its own name', async () => {
    await renderPortal({ host: 'waratahlabs.localhost:8080', api: apiWith() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Waratah Labs' }),
    ).toBeInTheDocument();
  });

  it('offers registration when ta_register is on', async () => {
    await renderLogin({ taRegister: true });

    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();
  });

  it('offers no registration when ta_register is off', async () => {
    const { api } = await renderLogin({ taRegister: false });

    await waitFor(() => expect(api.requestsTo(appConfigRoute)).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByText("Don't have an account?")).not.toBeInTheDocument();
  });

  it('shows with the registration link already there: the app config is asked for once, before it', async () => {
    const { api } = await renderLogin({ taRegister: true });

    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(api.requestsTo(appConfigRoute)).toHaveLength(1);
  });

  it('sends the password grant with the tenant client, keeps the token and moves on', async () => {
    const { api, user, router } = await renderLogin();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'adviser@example.com.au');
    await user.type(screen.getByLabelText(/^Password/), 'a long enough password 1A');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [request] = api.requestsTo(tokenRoute);
    expect(request?.body).toEqual({
      username: 'adviser@example.com.au',
      password: 'a long enough password 1A',
      client_id: 'moneypartner-adviser-portal',
      domain: 'moneypartner.com.au',
      grant_type: 'password',
      scope: '',
      // The refresh token goes to an HttpOnly cookie the page cannot read (docs/authentication.md).
      refresh_token_delivery: 'cookie',
    });
    expect(window.localStorage.getItem('waratah.accessToken')).toBe('new-token');
  });

  it('keeps nothing read for an earlier session once someone signs in', async () => {
    // The sign-in page stays open to a signed-in password adviser: a colleague signing in over
    // their session must not be shown their clients from the cache (before 2026-11-30).
    const { user, router, portal } = await renderLogin();
    portal.queryClient.setQueryData(['clients', 'list', {}], { data: ['Another adviser’s client'] });

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'adviser@example.com.au');
    await user.type(screen.getByLabelText(/^Password/), 'a long enough password 1A');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(portal.queryClient.getQueryData(['clients', 'list', {}])).toBeUndefined();
  });

  it("lists the server's error_description under the error heading when sign-in fails", async () => {
    const { user, router } = await renderLogin({
      token: () => json({ error: 'invalid_grant', error_description: 'Invalid email or password.' }, 400),
    });

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'adviser@example.com.au');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please correct the following errors:');
    expect(alert).toHaveTextContent('Invalid email or password.');
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('waratah.accessToken')).toBeNull();
  });

  it("falls back to the envelope's error_message", async () => {
    const { user } = await renderLogin({
      token: () =>
        json(
          { error: { error_code: 'F0100', error_type: 'unauthorised', error_message: 'Account locked' } },
          401,
        ),
    });

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'adviser@example.com.au');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Account locked');
  });

  it('checks the fields before calling the server', async () => {
    const { api, user } = await renderLogin();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'adviser@');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(api.requestsTo(tokenRoute)).toHaveLength(0);
  });
});
