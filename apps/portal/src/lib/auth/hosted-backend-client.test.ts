import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FusionAuthSetup } from './fusion-auth-config.ts';
import {
  clockToleranceMs,
  createHostedBackendClient,
  type HostedBackendClient,
  keepSessionFresh,
  newProviderState,
  ProviderRequestError,
  providerClockOffset,
  providerStateKey,
  providerTripKey,
  providerTripMs,
  refreshFailedDetails,
  refreshLockName,
} from './hosted-backend-client.ts';
import type { WithLock } from './web-lock.ts';

const setup: FusionAuthSetup = {
  serverUrl: 'https://id.waratah.example',
  clientId: 'portal client',
  redirectUri: 'https://waratah.example/auth-callback',
  scope: 'openid email profile offline_access adviser',
  autoRefreshSecondsBeforeExpiry: 10,
};

/** A tab's session storage, on a map the test can read. */
function tabStorage(entries: Record<string, string> = {}) {
  const stored = new Map(Object.entries(entries));
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  } as Storage;
  return { stored, storage };
}

function client({
  cookie = '',
  answer = new Response('{}'),
  now = 1_000_000,
  storage = tabStorage().storage,
  pageUrl = 'https://waratah.example/dashboard',
} = {}) {
  const doc = { cookie } as Document;
  const navigate = vi.fn<(url: string) => void>();
  const fetch = vi.fn<typeof globalThis.fetch>(async () => answer);
  return {
    client: createHostedBackendClient(setup, {
      doc,
      storage,
      navigate,
      fetch,
      now: () => now,
      pageUrl: () => pageUrl,
    }),
    doc,
    navigate,
    fetch,
  };
}

const base64url256Bits = /^[\w-]{43}$/;

describe('the hosted backend client', () => {
  it('is signed in while the access-token expiry cookie lies ahead', () => {
    const now = 1_700_000_000_000;
    expect(client({ cookie: 'a=1; app.at_exp=1700000060', now }).client.isLoggedIn()).toBe(true);
    expect(client({ cookie: 'app.at_exp=1700000060', now }).client.expiresAt()).toBe(1_700_000_060_000);
    expect(client({ cookie: 'app.at_exp=1699999999', now }).client.isLoggedIn()).toBe(false);
    for (const cookie of ['', 'app.at=1', 'app.at_exp=', 'app.at_exp=soon', 'app.at_exp=-5']) {
      const { client: signedOut } = client({ cookie, now });
      expect(signedOut.isLoggedIn()).toBe(false);
      expect(signedOut.expiresAt()).toBeNull();
    }
  });

  it('navigates to the provider to sign in, register and sign out, with the client, callback, scopes and a state', () => {
    const { stored, storage } = tabStorage();
    const { client: sso, navigate } = client({ storage });
    const keptStates: (string | undefined)[] = [];
    sso.startLogin();
    keptStates.push(stored.get(providerStateKey));
    sso.startRegister();
    keptStates.push(stored.get(providerStateKey));
    sso.startLogout();
    const [login, register, logout] = navigate.mock.calls.map(([url]) => new URL(url));
    const trips = [
      [login, '/app/login/'],
      [register, '/app/register/'],
    ] as const;
    for (const [index, [url, path]] of trips.entries()) {
      expect(url?.origin).toBe('https://id.waratah.example');
      expect(url?.pathname).toBe(path);
      const { state, ...query } = Object.fromEntries(url?.searchParams ?? []);
      expect(query).toEqual({
        client_id: 'portal client',
        redirect_uri: 'https://waratah.example/auth-callback',
        scope: 'openid email profile offline_access adviser',
      });
      // A fresh state each time, kept in the tab to check at the callback.
      expect(state).toMatch(base64url256Bits);
      expect(keptStates[index]).toBe(state);
    }
    expect(login?.searchParams.get('state')).not.toBe(register?.searchParams.get('state'));

    // A sign-out carries one too (spec §7), but nothing comes back with it: none is kept.
    expect(logout?.pathname).toBe('/app/logout/');
    const { state, ...query } = Object.fromEntries(logout?.searchParams ?? []);
    expect(query).toEqual({
      client_id: 'portal client',
      post_logout_redirect_uri: 'https://waratah.example/auth-callback',
    });
    expect(state).toMatch(base64url256Bits);
    expect(stored.has(providerStateKey)).toBe(false);
  });

  it('makes each state of 256 random bits, base64url', () => {
    const states = new Set(Array.from({ length: 50 }, newProviderState));
    expect(states.size).toBe(50);
    for (const state of states) expect(state).toMatch(base64url256Bits);
  });

  it('links the provider’s account page with the portal’s client and a state', () => {
    const account = new URL(client().client.accountUrl);
    expect(`${account.origin}${account.pathname}`).toBe('https://id.waratah.example/account/');
    const { state, ...query } = Object.fromEntries(account.searchParams);
    expect(query).toEqual({ client_id: 'portal client' });
    expect(state).toMatch(base64url256Bits);
  });

  describe('the state returned to the callback', () => {
    const time = 1_700_000_000_000;
    const signedIn = `app.at_exp=${time / 1000 + 600}`;
    const callback = (query: string) => `https://waratah.example/auth-callback${query}`;

    /** Leaves for the provider to sign in, and comes back to the callback with the state it sent, or another. */
    function roundTrip(returned: (sent: string) => string | null, { cookie = signedIn } = {}) {
      const tab = tabStorage();
      const leaving = client({ storage: tab.storage, now: time });
      leaving.client.startLogin();
      const sent = new URL(leaving.navigate.mock.calls[0]?.[0] ?? '').searchParams.get('state') ?? '';
      const state = returned(sent);
      const query = state === null ? '' : `?${new URLSearchParams({ state })}`;
      const back = client({ storage: tab.storage, now: time + 5_000, cookie, pageUrl: callback(query) });
      return { ...back, stored: tab.stored };
    }

    it('completes the sign-in when it is the one this tab sent, and spends it', () => {
      const { client: sso, stored } = roundTrip((sent) => sent);
      expect(sso.isLoggedIn()).toBe(true);
      expect(sso.expiresAt()).toBe(time + 600_000);
      expect(stored.has(providerStateKey)).toBe(false);
      expect(sso.returnedSignedOut()).toBe(false);
      expect(sso.isLoggedIn()).toBe(true);
    });

    it('does not complete a sign-in whose state is missing, another, or was never sent from this tab', () => {
      const refusals = [
        roundTrip(() => null),
        roundTrip(() => 'someone-elses-state'),
        roundTrip((sent) => `${sent}x`),
        roundTrip(() => ''),
      ];
      // A callback opened in a tab that never left for the provider, with a state of its own.
      const { storage } = tabStorage();
      refusals.push({
        ...client({ storage, now: time, cookie: signedIn, pageUrl: callback('?state=forged') }),
        stored: new Map(),
      });
      for (const { client: sso, stored } of refusals) {
        expect(sso.isLoggedIn()).toBe(false);
        expect(sso.expiresAt()).toBeNull();
        expect(stored.has(providerStateKey)).toBe(false);
        // The callback's error page, each time the guard asks, rather than the dashboard.
        expect(sso.returnedSignedOut()).toBe(true);
        expect(sso.returnedSignedOut()).toBe(true);
        expect(sso.isLoggedIn()).toBe(false);
      }
    });

    it('spends the state once: the same callback loaded again is refused', () => {
      const tab = tabStorage({ [providerStateKey]: 'sent' });
      const options = { storage: tab.storage, now: time, cookie: signedIn, pageUrl: callback('?state=sent') };
      expect(client(options).client.isLoggedIn()).toBe(true);
      expect(client(options).client.isLoggedIn()).toBe(false);
    });

    it('refuses nothing where there is no session to complete, or away from the callback', () => {
      // Back from a sign-out (the provider returns to the callback without a state, signed out).
      const signedOut = roundTrip(() => null, { cookie: '' });
      expect(signedOut.client.isLoggedIn()).toBe(false);
      expect(signedOut.client.returnedSignedOut()).toBe(true);
      const afterLogout = client({ now: time, pageUrl: callback('') });
      expect(afterLogout.client.returnedSignedOut()).toBe(false);

      // Any other page of a session: no state is asked for.
      for (const pageUrl of [
        'https://waratah.example/dashboard?state=other',
        'https://elsewhere.example/auth-callback?state=other',
      ]) {
        const { client: sso } = client({ now: time, cookie: signedIn, pageUrl });
        expect(sso.isLoggedIn()).toBe(true);
        expect(sso.returnedSignedOut()).toBe(false);
      }
    });

    it('cannot check a state in a tab whose storage is full, and lets its sign-in complete', () => {
      const stored = new Map<string, string>();
      const full = {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
        removeItem: (key: string) => stored.delete(key),
      } as unknown as Storage;
      const leaving = client({ storage: full, now: time });
      leaving.client.startLogin();
      const sent = new URL(leaving.navigate.mock.calls[0]?.[0] ?? '').searchParams.get('state') ?? '';
      const { client: sso } = client({
        storage: full,
        now: time + 5_000,
        cookie: signedIn,
        pageUrl: callback(`?${new URLSearchParams({ state: sent })}`),
      });
      // Before 2026-11-30 (the state check's first day) every sign-in of such a tab ended on the error page.
      expect(sso.isLoggedIn()).toBe(true);
      expect(sso.returnedSignedOut()).toBe(false);
    });

    it('cannot check a state in a tab whose storage is refused, and lets its sign-in complete', () => {
      const refusing = {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
        removeItem: () => {
          throw new Error('denied');
        },
      } as unknown as Storage;
      const { client: sso } = client({
        storage: refusing,
        now: time,
        cookie: signedIn,
        pageUrl: callback('?state=anything'),
      });
      expect(sso.isLoggedIn()).toBe(true);
      expect(sso.returnedSignedOut()).toBe(false);
    });
  });

  it('tells, once, that the provider sent the visitor straight back with no session open', () => {
    let time = 1_700_000_000_000;
    const storage = new Map<string, string>();
    const tab = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    } as Storage;
    const doc = { cookie: '' } as Document;
    const sso = createHostedBackendClient(setup, { doc, storage: tab, navigate: vi.fn(), now: () => time });

    // No trip to the provider: a signed-out visitor is simply signed out.
    expect(sso.returnedSignedOut()).toBe(false);
    sso.startLogin();
    expect(storage.get(providerTripKey)).toBe(String(time));
    time += 5_000;
    expect(sso.returnedSignedOut()).toBe(true);
    expect(sso.returnedSignedOut()).toBe(false);

    // Back signed in, or after longer than a trip takes: nothing to tell.
    sso.startRegister();
    doc.cookie = `app.at_exp=${time / 1000 + 600}`;
    expect(sso.returnedSignedOut()).toBe(false);
    doc.cookie = '';
    sso.startLogin();
    time += providerTripMs + 1;
    expect(sso.returnedSignedOut()).toBe(false);

    // Signing out is not a trip to sign in: its return starts the login.
    sso.startLogin();
    sso.startLogout();
    expect(sso.returnedSignedOut()).toBe(false);
  });

  it('tells, for as long as a trip takes, that the visitor is just back from the provider, signed in or not', () => {
    let time = 1_700_000_000_000;
    const { stored, storage } = tabStorage();
    const doc = { cookie: '' } as Document;
    const sso = createHostedBackendClient(setup, { doc, storage, navigate: vi.fn(), now: () => time });

    expect(sso.justReturned()).toBe(false);
    sso.startLogin();
    time += 5_000;
    doc.cookie = `app.at_exp=${time / 1000 + 600}`;
    // Asked by the callback and again by the page it restores (twice each in strict mode).
    expect(sso.justReturned()).toBe(true);
    expect(sso.justReturned()).toBe(true);
    expect(stored.has(providerTripKey)).toBe(true);

    time += providerTripMs;
    expect(sso.justReturned()).toBe(false);
    sso.startRegister();
    expect(sso.justReturned()).toBe(true);
    sso.startLogout();
    expect(sso.justReturned()).toBe(false);
  });

  it('leaves for the provider even where the tab refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    const navigate = vi.fn();
    const sso = createHostedBackendClient(setup, {
      doc: { cookie: '' } as Document,
      storage: refusing,
      navigate,
    });
    sso.startLogin();
    expect(navigate).toHaveBeenCalledOnce();
    expect(sso.returnedSignedOut()).toBe(false);
    expect(sso.justReturned()).toBe(false);
  });

  it("reads the provider's clock from its answers' Date header, and tells when it moves", async () => {
    let pageTime = Date.parse('2026-11-27T10:00:00.000Z');
    const providerAnswer = (providerTime: string) =>
      new Response('{}', { headers: { date: new Date(providerTime).toUTCString() } });
    const answers = [
      providerAnswer('2026-11-27T10:01:00Z'),
      new Response('{}'),
      providerAnswer('2026-11-27T10:01:01Z'),
      providerAnswer('2026-11-27T10:00:01Z'),
    ];
    const fetch = vi.fn<typeof globalThis.fetch>(async () => answers.shift() ?? new Response('{}'));
    // The token expires at 10:00:30 by the provider's clock.
    const sso = createHostedBackendClient(setup, {
      doc: { cookie: `app.at_exp=${Date.parse('2026-11-27T10:00:30Z') / 1000}` } as Document,
      navigate: vi.fn(),
      fetch,
      now: () => pageTime,
    });
    const onClockChange = vi.fn();
    const stopWatching = sso.onClockChange(onClockChange);
    expect(sso.isLoggedIn()).toBe(true);
    expect(sso.now()).toBe(pageTime);

    // The page's clock runs a minute slow (the header's second, taken at its middle).
    await sso.fetchUserInfo();
    expect(sso.now()).toBe(pageTime + 60_500);
    expect(sso.isLoggedIn()).toBe(false);
    expect(onClockChange).toHaveBeenCalledTimes(1);

    // An answer without the header (a provider that does not expose it) leaves the clock; the same
    // offset again, or one a second off (the header's rounding, the network), says nothing.
    await sso.fetchUserInfo();
    await sso.refresh();
    expect(onClockChange).toHaveBeenCalledTimes(1);
    expect(sso.now()).toBe(pageTime + 60_500);

    // Within the tolerance the clocks agree.
    pageTime += 500;
    stopWatching();
    await sso.fetchUserInfo();
    expect(sso.now()).toBe(pageTime);
    expect(onClockChange).toHaveBeenCalledTimes(1);
  });

  it('measures the offset from the middle of the request, and only beyond the tolerance', () => {
    const sent = Date.parse('2026-11-27T10:00:00.000Z');
    expect(providerClockOffset(null, sent, sent + 200)).toBeNull();
    expect(providerClockOffset('soon', sent, sent + 200)).toBeNull();
    expect(providerClockOffset('Fri, 27 Nov 2026 10:00:01 GMT', sent, sent + 200)).toBe(0);
    expect(providerClockOffset('Fri, 27 Nov 2026 09:59:58 GMT', sent, sent + 200)).toBe(0);
    expect(providerClockOffset('Fri, 27 Nov 2026 10:00:05 GMT', sent, sent + 1_000)).toBe(5_000);
    expect(providerClockOffset('Fri, 27 Nov 2026 09:58:00 GMT', sent, sent + 200)).toBe(-119_600);
    expect(clockToleranceMs).toBe(2_000);
  });

  it("fetches the user's info with the cookies, roles always a list of names", async () => {
    const answer = Response.json({
      sub: 'u1',
      email: 'a@b.example',
      given_name: 'Ada',
      roles: ['adviser', 7],
    });
    const { client: sso, fetch } = client({ answer });
    await expect(sso.fetchUserInfo()).resolves.toEqual({
      sub: 'u1',
      email: 'a@b.example',
      given_name: 'Ada',
      roles: ['adviser'],
    });
    expect(fetch).toHaveBeenCalledWith('https://id.waratah.example/app/me/', { credentials: 'include' });
    await expect(client({ answer: Response.json({ sub: 'u2' }) }).client.fetchUserInfo()).resolves.toEqual({
      sub: 'u2',
      roles: [],
    });
  });

  it('rejects a refused user-info fetch with its status, and an answer that is not user info', async () => {
    const refused = client({ answer: new Response('no session', { status: 401 }) }).client.fetchUserInfo();
    await expect(refused).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(refused).rejects.toMatchObject({ status: 401, message: expect.stringContaining('401') });
    for (const body of ['not json', '[1]', 'null']) {
      await expect(client({ answer: new Response(body) }).client.fetchUserInfo()).rejects.toThrow(
        'something other than user info',
      );
    }
  });

  it('refreshes with a text/plain POST carrying the client id and the cookies', async () => {
    const { client: sso, fetch } = client({ answer: new Response(null, { status: 200 }) });
    await sso.refresh();
    expect(fetch).toHaveBeenCalledWith('https://id.waratah.example/app/refresh/?client_id=portal+client', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'text/plain' },
    });
  });

  it("rejects a failed refresh with its status and the provider's details, or the spec's words", async () => {
    const withDetails = client({
      answer: new Response('refresh token expired', { status: 400 }),
    }).client.refresh();
    await expect(withDetails).rejects.toMatchObject({
      status: 400,
      details: 'refresh token expired',
      message: JSON.stringify({ status: 400, details: 'refresh token expired' }),
    });
    const without = client({ answer: new Response('', { status: 502 }) }).client.refresh();
    await expect(without).rejects.toMatchObject({ status: 502, details: refreshFailedDetails });
  });

  it('reads when a refused refresh may be asked again from Retry-After, on the provider’s clock', async () => {
    const busy = (headers: Record<string, string>) =>
      client({ answer: new Response('', { status: 503, headers }) }).client.refresh();
    // The page's clock reads 1 000 000 ms (1970-01-01T00:16:40Z).
    await expect(busy({ 'Retry-After': '1' })).rejects.toMatchObject({ status: 503, retryAt: 1_001_000 });
    // The provider 30.5 s ahead (its Date, measured from the middle of the request): its time, and
    // a Retry-After date of its own read against it.
    const date = 'Thu, 01 Jan 1970 00:17:10 GMT';
    await expect(busy({ Date: date, 'Retry-After': '1' })).rejects.toMatchObject({ retryAt: 1_031_500 });
    await expect(busy({ Date: date, 'Retry-After': 'Thu, 01 Jan 1970 00:17:15 GMT' })).rejects.toMatchObject({
      retryAt: 1_035_000,
    });
  });
});

describe('keepSessionFresh', () => {
  let time = 0;
  let expiry: number | null = null;
  /** How far the provider's clock runs ahead of the page's, as the client last learned it. */
  let offset = 0;
  let clockListeners: (() => void)[] = [];
  const learnOffset = (value: number) => {
    offset = value;
    for (const listener of clockListeners) listener();
  };
  function fakeClient(refresh: () => Promise<void>): HostedBackendClient {
    return {
      expiresAt: () => expiry,
      now: () => time + offset,
      onClockChange(listener) {
        clockListeners.push(listener);
        return () => {
          clockListeners = clockListeners.filter((kept) => kept !== listener);
        };
      },
      isLoggedIn: () => (expiry ?? 0) > time + offset,
      startLogin: vi.fn(),
      startRegister: vi.fn(),
      startLogout: vi.fn(),
      accountUrl: 'https://id.waratah.example/account/',
      fetchUserInfo: vi.fn(),
      returnedSignedOut: vi.fn(() => false),
      justReturned: vi.fn(() => false),
      refresh: vi.fn(refresh),
    };
  }
  const advance = async (ms: number) => {
    time += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  const noLock: WithLock = (_name, task) => task();

  beforeEach(() => {
    vi.useFakeTimers();
    time = 1_000_000;
    expiry = time + 60_000;
    offset = 0;
    clockListeners = [];
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes 10 seconds before expiry, then again before the new expiry', async () => {
    const sso = fakeClient(async () => {
      expiry = time + 60_000;
    });
    const onChange = vi.fn();
    const stop = keepSessionFresh(sso, { refreshBeforeMs: 10_000, onChange, withLock: noLock });

    await advance(49_999);
    expect(sso.refresh).not.toHaveBeenCalled();
    await advance(1);
    expect(sso.refresh).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    // The old expiry passes without ending the session; the next refresh is 50 s after this one.
    await advance(49_999);
    expect(sso.refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(sso.refresh).toHaveBeenCalledTimes(2);
    stop();
    await advance(600_000);
    expect(sso.refresh).toHaveBeenCalledTimes(2);
  });

  it('tries a failed refresh once more halfway to the expiry, reports each failure, then tells of the expiry', async () => {
    const failure = new Error('offline');
    const sso = fakeClient(() => Promise.reject(failure));
    const onChange = vi.fn();
    const onRefreshFailure = vi.fn();
    keepSessionFresh(sso, { refreshBeforeMs: 10_000, onChange, onRefreshFailure, withLock: noLock });

    await advance(50_000);
    expect(onRefreshFailure).toHaveBeenCalledWith(failure);
    expect(sso.isLoggedIn()).toBe(true);
    await advance(4_999);
    expect(sso.refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(sso.refresh).toHaveBeenCalledTimes(2);
    expect(onRefreshFailure).toHaveBeenCalledTimes(2);
    onChange.mockClear();
    await advance(5_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(sso.refresh).toHaveBeenCalledTimes(2);
    await advance(600_000);
    expect(sso.refresh).toHaveBeenCalledTimes(2);
  });

  /** The identity's answer to a refresh it cannot do just now: 503, `Retry-After` read as its time. */
  const busy = (retryAfterMs: number) =>
    new ProviderRequestError('busy', 503, 'temporarily_unavailable', time + offset + retryAfterMs);

  it('tries a refresh the provider could not do just now again when its Retry-After says, until it works, and reports its first failure only', async () => {
    let tries = 0;
    const sso = fakeClient(async () => {
      tries += 1;
      // Its database blipped for 6 s; the cookies stayed.
      if (tries <= 6) throw busy(1_000);
      expiry = time + 60_000;
    });
    const onRefreshFailure = vi.fn();
    keepSessionFresh(sso, { refreshBeforeMs: 10_000, onChange: vi.fn(), onRefreshFailure, withLock: noLock });

    await advance(50_000);
    expect(sso.refresh).toHaveBeenCalledTimes(1);
    await advance(999);
    expect(sso.refresh).toHaveBeenCalledTimes(1);
    // Before 2026-12-03 the next try came halfway to the expiry (55 s), and the last.
    await advance(1);
    expect(sso.refresh).toHaveBeenCalledTimes(2);
    // A second at a time: the fake client's clock moves with each step, not within one.
    for (let second = 52; second <= 56; second += 1) await advance(1_000);
    expect(sso.refresh).toHaveBeenCalledTimes(7);
    // The old expiry passes: the session goes on.
    await advance(10_000);
    expect(sso.isLoggedIn()).toBe(true);
    expect(sso.refresh).toHaveBeenCalledTimes(7);
    // Six failed tries, one report (there were six).
    expect(onRefreshFailure).toHaveBeenCalledTimes(1);
  });

  it('tries again at least a second apart, and no later than a second before the expiry, reporting the first and last failures', async () => {
    const eager = fakeClient(() => Promise.reject(busy(0)));
    const onRefreshFailure = vi.fn();
    keepSessionFresh(eager, {
      refreshBeforeMs: 10_000,
      onChange: vi.fn(),
      onRefreshFailure,
      withLock: noLock,
    });
    await advance(50_000);
    expect(onRefreshFailure).toHaveBeenCalledTimes(1);
    await advance(999);
    expect(eager.refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(eager.refresh).toHaveBeenCalledTimes(2);
    // 52 s, … 58 s: tried again, not reported.
    for (let second = 52; second <= 58; second += 1) await advance(1_000);
    expect(eager.refresh).toHaveBeenCalledTimes(9);
    expect(onRefreshFailure).toHaveBeenCalledTimes(1);
    // 59 s: a try a second before the expiry is the last, and its failure is told (the session ends).
    await advance(1_000);
    expect(eager.refresh).toHaveBeenCalledTimes(10);
    expect(onRefreshFailure).toHaveBeenCalledTimes(2);
    await advance(600_000);
    expect(eager.refresh).toHaveBeenCalledTimes(10);
    expect(onRefreshFailure).toHaveBeenCalledTimes(2);
  });

  it('reports a last try whose failure comes after the expiry, and tries no more', async () => {
    let tries = 0;
    let failLate: (error: Error) => void = () => undefined;
    const late = fakeClient(() => {
      tries += 1;
      if (tries < 10) return Promise.reject(busy(0));
      // The try a second before the expiry is answered two seconds later, refused (review 146).
      return new Promise<void>((_resolve, reject) => {
        failLate = reject;
      });
    });
    const onRefreshFailure = vi.fn();
    keepSessionFresh(late, {
      refreshBeforeMs: 10_000,
      onChange: vi.fn(),
      onRefreshFailure,
      withLock: noLock,
    });
    await advance(50_000);
    for (let second = 51; second <= 59; second += 1) await advance(1_000);
    expect(late.refresh).toHaveBeenCalledTimes(10);
    expect(onRefreshFailure).toHaveBeenCalledTimes(1);
    await advance(2_000);
    const refused = new ProviderRequestError('spent', 401, 'invalid_grant');
    failLate(refused);
    await advance(0);
    expect(onRefreshFailure).toHaveBeenCalledTimes(2);
    expect(onRefreshFailure).toHaveBeenLastCalledWith(refused);
    await advance(600_000);
    expect(late.refresh).toHaveBeenCalledTimes(10);
  });

  it('cuts a wait longer than the token lasts short to one try a second before the expiry', async () => {
    const patient = fakeClient(() => Promise.reject(busy(30_000)));
    const onChange = vi.fn();
    keepSessionFresh(patient, { refreshBeforeMs: 10_000, onChange, withLock: noLock });
    await advance(50_000);
    await advance(8_999);
    expect(patient.refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(patient.refresh).toHaveBeenCalledTimes(2);
    onChange.mockClear();
    await advance(1_000);
    expect(patient.isLoggedIn()).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(1);
    await advance(600_000);
    expect(patient.refresh).toHaveBeenCalledTimes(2);
  });

  it('tries a refresh token the provider refused (401, 400) only once more, halfway, whatever Retry-After says', async () => {
    for (const status of [401, 400]) {
      time = 1_000_000;
      expiry = time + 60_000;
      const refused = fakeClient(() =>
        Promise.reject(new ProviderRequestError('refused', status, 'invalid_grant', time + 1_000)),
      );
      const stop = keepSessionFresh(refused, {
        refreshBeforeMs: 10_000,
        onChange: vi.fn(),
        withLock: noLock,
      });
      await advance(50_000);
      await advance(4_999);
      expect(refused.refresh).toHaveBeenCalledTimes(1);
      await advance(1);
      expect(refused.refresh).toHaveBeenCalledTimes(2);
      await advance(600_000);
      expect(refused.refresh).toHaveBeenCalledTimes(2);
      stop();
    }
  });

  it("keeps a failed refresh's second try at its time on the provider's clock when the clock is learned meanwhile", async () => {
    const sso = fakeClient(() => Promise.reject(new Error('offline')));
    keepSessionFresh(sso, { refreshBeforeMs: 10_000, onChange: vi.fn(), withLock: noLock });

    // Failed at 50 s: tried again at 55 s, halfway to the expiry.
    await advance(50_000);
    await advance(1_000);
    // An answer shows the provider a second ahead: 55 s on its clock is 54 s on the page's.
    learnOffset(1_000);
    await advance(2_999);
    expect(sso.refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(sso.refresh).toHaveBeenCalledTimes(2);
  });

  it('does not refresh again at once when a refresh left the expiry where it was', async () => {
    const sso = fakeClient(async () => undefined);
    const onChange = vi.fn();
    keepSessionFresh(sso, { refreshBeforeMs: 10_000, onChange, withLock: noLock });

    await advance(50_000);
    await advance(9_999);
    expect(sso.refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('refreshes under the lock, and takes the expiry another tab refreshed to instead of refreshing again', async () => {
    const sso = fakeClient(async () => {
      expiry = time + 60_000;
    });
    const withLock = vi.fn<WithLock>(async (_name, task) => {
      // Another tab held the lock and refreshed meanwhile: the shared cookie has a new expiry.
      expiry = time + 55_000;
      await task();
    });
    const onChange = vi.fn();
    keepSessionFresh(sso, { refreshBeforeMs: 10_000, onChange, withLock });

    await advance(50_000);
    expect(withLock).toHaveBeenCalledWith(refreshLockName, expect.any(Function));
    expect(sso.refresh).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledTimes(1);
    // The next refresh is timed from the new expiry (105 s).
    await advance(44_999);
    expect(withLock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(withLock).toHaveBeenCalledTimes(2);
  });

  it('holds the expiry back while a refresh is under way, and reports nothing once stopped', async () => {
    let finish: (ok: boolean) => void = () => {};
    const sso = fakeClient(
      () =>
        new Promise<void>((resolve, reject) => {
          finish = (ok) => {
            if (ok) {
              expiry = time + 60_000;
              resolve();
            } else reject(new Error('late'));
          };
        }),
    );
    const onChange = vi.fn();
    const onRefreshFailure = vi.fn();
    const stop = keepSessionFresh(sso, {
      refreshBeforeMs: 10_000,
      onChange,
      onRefreshFailure,
      withLock: noLock,
    });

    await advance(50_000);
    await advance(15_000);
    // The token's time is up, but the refresh has not answered: the page stays signed in.
    expect(onChange).not.toHaveBeenCalled();
    finish(true);
    await advance(0);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(sso.isLoggedIn()).toBe(true);

    await advance(50_000);
    expect(sso.refresh).toHaveBeenCalledTimes(2);
    stop();
    finish(false);
    await advance(0);
    expect(onRefreshFailure).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('does nothing while signed out, and waits out an expiry beyond the longest timer', async () => {
    expiry = null;
    const signedOut = fakeClient(async () => undefined);
    keepSessionFresh(signedOut, { refreshBeforeMs: 10_000, onChange: vi.fn(), withLock: noLock });
    expect(vi.getTimerCount()).toBe(0);

    const month = 30 * 24 * 3600 * 1000;
    expiry = time + month;
    const sso = fakeClient(async () => undefined);
    const onChange = vi.fn();
    keepSessionFresh(sso, { refreshBeforeMs: 10_000, onChange, withLock: noLock });
    await advance(2 ** 31 - 1);
    expect(sso.refresh).not.toHaveBeenCalled();
    await advance(month - 10_000 - (2 ** 31 - 1));
    expect(sso.refresh).toHaveBeenCalledTimes(1);
  });

  it('sets its timers again when an answer shows the page clock running slow, and stops watching when stopped', async () => {
    const sso = fakeClient(async () => {
      expiry = time + offset + 60_000;
    });
    const onChange = vi.fn();
    const stop = keepSessionFresh(sso, { refreshBeforeMs: 10_000, onChange, withLock: noLock });

    await advance(20_000);
    // An answer: the provider's clock is 25 s ahead of the page's. The token has 40 s left by the
    // page's clock but 15 s by the provider's: the refresh is due in 5 s, not in 30.
    learnOffset(25_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    await advance(4_999);
    expect(sso.refresh).not.toHaveBeenCalled();
    await advance(1);
    expect(sso.refresh).toHaveBeenCalledTimes(1);
    expect(sso.isLoggedIn()).toBe(true);

    stop();
    expect(clockListeners).toEqual([]);
  });

  it("tells at once of a token the provider's clock has already seen expire", async () => {
    const sso = fakeClient(async () => undefined);
    const onChange = vi.fn();
    keepSessionFresh(sso, { refreshBeforeMs: 10_000, onChange, withLock: noLock });
    learnOffset(90_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(sso.isLoggedIn()).toBe(false);
    await advance(600_000);
    expect(sso.refresh).not.toHaveBeenCalled();
  });
});
