import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { FusionAuthSetup } from './fusion-auth-config.ts';
import { providerStateKey } from './hosted-backend-client.ts';
import { useRequiredProviderAuth } from './provider-auth.tsx';
import { SsoAuthProvider } from './sso-auth-provider.tsx';

const setup: FusionAuthSetup = {
  serverUrl: 'https://id.waratah.example',
  clientId: 'c1',
  redirectUri: 'https://waratah.example/auth-callback',
  scope: 'openid email profile offline_access adviser',
  autoRefreshSecondsBeforeExpiry: 10,
};

function SignedIn() {
  const provider = useRequiredProviderAuth();
  return <p>{provider.isLoggedIn ? 'signed in' : 'signed out'}</p>;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => vi.useRealTimers());

it('is signed in until the access token expires, and reports a refresh that failed', async () => {
  const doc = { cookie: `app.at_exp=${1_700_000_000 + 60}` } as Document;
  const failure = new Response('refresh token revoked', { status: 400 });
  const onRefreshFailure = vi.fn();
  const deps = { doc, navigate: vi.fn(), fetch: vi.fn(async () => failure) };
  render(
    <SsoAuthProvider setup={setup} deps={deps} onRefreshFailure={onRefreshFailure}>
      <SignedIn />
    </SsoAuthProvider>,
  );
  expect(screen.getByText('signed in')).toBeInTheDocument();

  await act(() => vi.advanceTimersByTimeAsync(50_000));
  expect(deps.fetch).toHaveBeenCalledTimes(1);
  expect(onRefreshFailure).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }));
  expect(screen.getByText('signed in')).toBeInTheDocument();

  await act(() => vi.advanceTimersByTimeAsync(10_000));
  expect(screen.getByText('signed out')).toBeInTheDocument();
});

it('picks up the new expiry a refresh sets, and stays signed in past the old one', async () => {
  const doc = { cookie: `app.at_exp=${1_700_000_000 + 60}` } as Document;
  const fetch = vi.fn(async () => {
    doc.cookie = `app.at_exp=${Math.floor(Date.now() / 1000) + 60}`;
    return new Response(null, { status: 200 });
  });
  // Made once, as the portal's are: new ones on each render would make a new client each time.
  const deps = { doc, navigate: vi.fn(), fetch };
  render(
    <SsoAuthProvider setup={setup} deps={deps}>
      <SignedIn />
    </SsoAuthProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(70_000));
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(screen.getByText('signed in')).toBeInTheDocument();
});

it('starts without a session, and renders, when the expiry cookie cannot be decoded', () => {
  const deps = { doc: { cookie: 'app.at_exp=%E0%A4%A' } as Document, navigate: vi.fn(), fetch: vi.fn() };
  render(
    <SsoAuthProvider setup={setup} deps={deps}>
      <SignedIn />
    </SsoAuthProvider>,
  );
  expect(screen.getByText('signed out')).toBeInTheDocument();
});

it('completes a sign-in at the callback only with the state this tab sent, made once under strict mode', async () => {
  const callback = (state: string) => `https://waratah.example/auth-callback?state=${state}`;
  const answer = (state: string) => {
    const stored = new Map([[providerStateKey, 'sent-by-this-tab']]);
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    } as Storage;
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    const doc = { cookie: `app.at_exp=${1_700_000_000 + 60}` } as Document;
    const deps = { doc, storage, navigate: vi.fn(), fetch, pageUrl: () => callback(state) };
    // The portal renders under strict mode, which makes the client twice and keeps one.
    const view = render(
      <StrictMode>
        <SsoAuthProvider setup={setup} deps={deps}>
          <SignedIn />
        </SsoAuthProvider>
      </StrictMode>,
    );
    return { view, fetch, stored };
  };

  const accepted = answer('sent-by-this-tab');
  expect(screen.getByText('signed in')).toBeInTheDocument();
  expect(accepted.stored.has(providerStateKey)).toBe(false);
  accepted.view.unmount();

  // Another's sign-in: signed out, and its session is not kept fresh either.
  const refused = answer('forged');
  expect(screen.getByText('signed out')).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(70_000));
  expect(refused.fetch).not.toHaveBeenCalled();
  expect(screen.getByText('signed out')).toBeInTheDocument();
});
