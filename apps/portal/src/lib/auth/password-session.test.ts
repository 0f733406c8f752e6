import { ApiError } from '@waratah/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPasswordSession, type PasswordSessionOptions } from './password-session.ts';

/** One lock, held in turn, as the Web Locks API does. */
function serialLock() {
  let held = Promise.resolve();
  return (_name: string, run: () => Promise<void>) => {
    const turn = held.then(run);
    held = turn.catch(() => undefined);
    return turn;
  };
}

function session(overrides: Partial<PasswordSessionOptions> = {}) {
  const options = {
    storage: window.localStorage,
    refresh: vi.fn(async () => ({ access_token: 'refreshed', expires_in: 60 })),
    revoke: vi.fn(async () => undefined),
    withLock: (_name: string, run: () => Promise<void>) => run(),
    watchOtherTabs: () => () => undefined,
    ...overrides,
  };
  return { session: createPasswordSession(options), ...options };
}

describe('createPasswordSession', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is signed in from the stored token until its expiry, then tells its listeners', () => {
    const { session: s } = session({ refresh: vi.fn().mockRejectedValue(new Error('no')) });
    const listener = vi.fn();
    s.subscribe(listener);

    s.store({ access_token: 'a1', expires_in: 30 });
    expect(s.isSignedIn()).toBe(true);
    expect(s.getAccessToken()).toBe('a1');
    listener.mockClear();

    vi.advanceTimersByTime(30_000);
    expect(s.isSignedIn()).toBe(false);
    expect(s.hasStoredSession()).toBe(true);
    expect(listener).toHaveBeenCalled();
    // Kept, so that a 401 reads as a timed-out session, but no longer sent.
    expect(s.getAccessToken()).toBeNull();
  });

  it('renews a session found expired at once, and is settled when the renewal has ended', async () => {
    const earlier = session().session;
    earlier.store({ access_token: 'a1', expires_in: 3600 });
    earlier.dispose();
    vi.setSystemTime(new Date('2026-03-01T02:00:00Z'));
    let answer: (token: { access_token: string; expires_in: number }) => void = () => undefined;
    const refresh = vi.fn(
      () => new Promise<{ access_token: string; expires_in: number }>((resolve) => (answer = resolve)),
    );
    const { session: s } = session({ refresh });
    expect(s.isSignedIn()).toBe(false);

    s.resume();
    expect(refresh).toHaveBeenCalledTimes(1);
    let settled = false;
    void s.settled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    answer({ access_token: 'renewed', expires_in: 3600 });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    expect(s.isSignedIn()).toBe(true);
    expect(s.getAccessToken()).toBe('renewed');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes 10 seconds before the expiry, by the cookie: no refresh token is stored', async () => {
    const { session: s, refresh } = session();
    s.store({ access_token: 'a1', expires_in: 60 });

    await vi.advanceTimersByTimeAsync(49_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(s.getAccessToken()).toBe('refreshed');

    await vi.advanceTimersByTimeAsync(50_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(s.isSignedIn()).toBe(true);
    expect(Object.keys(window.localStorage).sort()).toEqual([
      'waratah.accessToken',
      'waratah.accessTokenExpiresAt',
    ]);
  });

  it('spends a refresh token an earlier version left in local storage once, into the cookie, and removes it', async () => {
    const earlier = session().session;
    earlier.store({ access_token: 'a1', expires_in: 3600 });
    earlier.dispose();
    window.localStorage.setItem('waratah.refreshToken', 'left-behind');

    const { session: s, refresh } = session();
    s.resume();
    expect(window.localStorage.getItem('waratah.refreshToken')).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledExactlyOnceWith('left-behind', expect.any(AbortSignal));
    expect(s.getAccessToken()).toBe('refreshed');
  });

  it('revokes a left-behind refresh token when no one is signed in', async () => {
    window.localStorage.setItem('waratah.refreshToken', 'left-behind');
    const { session: s, refresh, revoke } = session();
    s.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(window.localStorage.getItem('waratah.refreshToken')).toBeNull();
    expect(refresh).not.toHaveBeenCalled();
    expect(revoke).toHaveBeenCalledExactlyOnceWith('left-behind');
  });

  it('drops a refresh answer when the session was replaced while it was on its way', async () => {
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { access_token: 'old-session-refreshed', expires_in: 60 };
    });
    const { session: s } = session({ refresh });
    s.store({ access_token: 'a1', expires_in: 60 });
    await vi.advanceTimersByTimeAsync(50_100);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Timed out, and signed in again, before the answer came.
    s.clear();
    s.store({ access_token: 'new-sign-in', expires_in: 3600 });
    await vi.advanceTimersByTimeAsync(500);
    expect(s.getAccessToken()).toBe('new-sign-in');
  });

  it('sets no timers once disposed, even when a refresh under way ends', async () => {
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { access_token: 'refreshed', expires_in: 60 };
    });
    const { session: s } = session({ refresh });
    s.store({ access_token: 'a1', expires_in: 60 });
    await vi.advanceTimersByTimeAsync(50_100);
    s.dispose();
    await vi.advanceTimersByTimeAsync(500);
    expect(s.getAccessToken()).toBe('refreshed');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('signs out after a refresh under way has ended, and revokes the token it brought', async () => {
    const withLock = serialLock();
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { access_token: 'refreshed', expires_in: 60 };
    });
    const { session: s, revoke } = session({ withLock, refresh });
    s.store({ access_token: 'a1', expires_in: 60 });
    await vi.advanceTimersByTimeAsync(50_100);
    expect(refresh).toHaveBeenCalledTimes(1);

    const signedOut = s.signOut();
    await vi.advanceTimersByTimeAsync(500);
    await signedOut;
    expect(revoke).toHaveBeenCalledExactlyOnceWith('refreshed', expect.any(AbortSignal));
    expect(s.hasStoredSession()).toBe(false);
  });

  it('forgets a timed-out session at once, and revokes it on the server as it can', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session: s, revoke } = session({ revoke: vi.fn().mockRejectedValue(new Error('offline')) });
    s.store({ access_token: 'a1', expires_in: 60 });

    s.clear();
    expect(s.hasStoredSession()).toBe(false);
    expect(revoke).toHaveBeenCalledWith('a1', expect.any(AbortSignal));
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalled();
  });

  it("signs in only after a refresh with the earlier sign-in's cookie has ended, so the new cookie is the one kept", async () => {
    // The browser's one refresh token cookie, which each answer sets.
    const withLock = serialLock();
    let cookie = 'first-sign-in';
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      cookie = 'first-sign-in-rotated';
      return { access_token: 'first-refreshed', expires_in: 60 };
    });
    const { session: s } = session({ withLock, refresh });
    s.store({ access_token: 'a1', expires_in: 60 });
    await vi.advanceTimersByTimeAsync(50_100);
    expect(refresh).toHaveBeenCalledTimes(1);

    // Signed in again (another adviser, say) while that refresh is on its way.
    const grant = vi.fn(async () => {
      cookie = 'second-sign-in';
      return { access_token: 'second', expires_in: 3600 };
    });
    const signedIn = s.signIn(grant);
    await vi.advanceTimersByTimeAsync(0);
    expect(grant).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    await expect(signedIn).resolves.toEqual({ access_token: 'second', expires_in: 3600 });
    expect(cookie).toBe('second-sign-in');
    expect(s.getAccessToken()).toBe('second');
    expect(s.isSignedIn()).toBe(true);
  });

  it('revokes a timed-out session under the lock, so a sign-in made meanwhile keeps the cookie it sets', async () => {
    const withLock = serialLock();
    let cookie: string | null = 'timed-out-sign-in';
    const revoke = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      cookie = null; // the revocation's answer clears the cookie
    });
    const { session: s } = session({ withLock, revoke });
    s.store({ access_token: 'a1', expires_in: 600 });
    s.clear();
    const signedIn = s.signIn(async () => {
      cookie = 'new-sign-in';
      return { access_token: 'new', expires_in: 3600 };
    });
    await vi.advanceTimersByTimeAsync(500);
    await signedIn;
    expect(revoke).toHaveBeenCalledExactlyOnceWith('a1', expect.any(AbortSignal));
    expect(cookie).toBe('new-sign-in');
    expect(s.getAccessToken()).toBe('new');
  });

  it('gives up a refresh that stalls under the lock, so a sign-in still goes through', async () => {
    const withLock = serialLock();
    // A server that never answers: only the signal ends the call.
    const refresh = vi.fn(
      (_retired?: string, signal?: AbortSignal) =>
        new Promise<never>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session: s } = session({ withLock, refresh, lockedCallTimeoutMs: 5_000 });
    s.store({ access_token: 'a1', expires_in: 60 });
    await vi.advanceTimersByTimeAsync(50_100);
    expect(refresh).toHaveBeenCalledTimes(1);

    const grant = vi.fn(async () => ({ access_token: 'second', expires_in: 3600 }));
    const signedIn = s.signIn(grant);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(grant).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await signedIn;
    expect(grant).toHaveBeenCalledTimes(1);
    expect(s.getAccessToken()).toBe('second');
    warn.mockRestore();
  });

  it('keeps the session as it was when the sign-in fails', async () => {
    const { session: s } = session();
    s.store({ access_token: 'a1', expires_in: 600 });
    await expect(s.signIn(() => Promise.reject(new Error('invalid_grant')))).rejects.toThrow('invalid_grant');
    expect(s.getAccessToken()).toBe('a1');
  });

  it('lets one of two tabs refresh; the other takes its token instead of spending the cookie again', async () => {
    // Two tabs: one local storage, one lock, and each told of the other's changes as a browser does.
    const locks: Promise<void>[] = [];
    const withLock = (_name: string, run: () => Promise<void>) => {
      const next = (locks.at(-1) ?? Promise.resolve()).then(run);
      locks.push(next.catch(() => undefined));
      return next;
    };
    const tabs: Array<() => void> = [];
    const watchOtherTabs = (listener: () => void) => {
      tabs.push(listener);
      return () => undefined;
    };
    let issued = 0;
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      issued += 1;
      return { access_token: `refreshed-${issued}`, expires_in: 60 };
    });
    const first = createPasswordSession({
      storage: window.localStorage,
      refresh,
      revoke: vi.fn(),
      withLock,
      watchOtherTabs,
    });
    const second = createPasswordSession({
      storage: window.localStorage,
      refresh,
      revoke: vi.fn(),
      withLock,
      watchOtherTabs,
    });
    first.resume();
    second.resume();
    first.store({ access_token: 'a1', expires_in: 60 });
    // The second tab hears of it through a storage event.
    tabs[1]?.();

    await vi.advanceTimersByTimeAsync(50_500);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(first.getAccessToken()).toBe('refreshed-1');
    expect(second.getAccessToken()).toBe('refreshed-1');
    expect(second.isSignedIn()).toBe(true);

    // The next round is again one refresh for both tabs.
    tabs[1]?.();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(first.isSignedIn() && second.isSignedIn()).toBe(true);
  });

  it('hears of a sign-out in another tab', () => {
    let otherTab: () => void = () => undefined;
    const { session: s } = session({
      watchOtherTabs: (listener) => {
        otherTab = listener;
        return () => undefined;
      },
    });
    s.resume();
    s.store({ access_token: 'a1', expires_in: 60 });
    const listener = vi.fn();
    s.subscribe(listener);

    window.localStorage.removeItem('waratah.accessToken');
    otherTab();
    expect(listener).toHaveBeenCalled();
    expect(s.isSignedIn()).toBe(false);
  });

  it('flips to signed out on expiry when the refresh fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session: s } = session({ refresh: vi.fn().mockRejectedValue(new Error('invalid_grant')) });
    s.store({ access_token: 'a1', expires_in: 20 });

    await vi.advanceTimersByTimeAsync(20_000);

    expect(warn).toHaveBeenCalled();
    expect(s.isSignedIn()).toBe(false);
  });

  /** The platform's answer to a refresh it cannot do just now: 503, `Retry-After` read by the SDK. */
  const busy = (retryAfterMs: number) =>
    new ApiError({
      status: 503,
      code: 'temporarily_unavailable',
      message: 'The platform is busy',
      retryAt: Date.now() + retryAfterMs,
    });

  it('tries a refresh the platform could not do just now again when its Retry-After says, and stays signed in', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refresh = vi
      .fn()
      .mockImplementationOnce(async () => Promise.reject(busy(1_000)))
      .mockImplementationOnce(async () => Promise.reject(busy(1_000)))
      .mockImplementation(async () => ({ access_token: 'renewed', expires_in: 60 }));
    const { session: s } = session({ refresh });
    s.store({ access_token: 'a1', expires_in: 60 });

    await vi.advanceTimersByTimeAsync(50_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Before 2026-12-03 no failed refresh was tried again: signed out at 60 s.
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(s.getAccessToken()).toBe('renewed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.isSignedIn()).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('tries again at least a second apart, and stops a second before the expiry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refresh = vi.fn(async () => Promise.reject(busy(0)));
    const { session: s } = session({ refresh });
    s.store({ access_token: 'a1', expires_in: 60 });

    await vi.advanceTimersByTimeAsync(50_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    // 50 s, 51 s, … 59 s, then no more.
    await vi.advanceTimersByTimeAsync(9_001);
    expect(refresh).toHaveBeenCalledTimes(10);
    expect(s.isSignedIn()).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refresh).toHaveBeenCalledTimes(10);
  });

  /** A session stored two hours ago with a one-hour token: found expired when the page loads. */
  const expiredAtLoad = () => {
    const earlier = session().session;
    earlier.store({ access_token: 'a1', expires_in: 3600 });
    earlier.dispose();
    vi.setSystemTime(new Date('2026-03-01T02:00:00Z'));
  };

  it('tries the renewal of a session found expired again when Retry-After says, the page waiting on it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expiredAtLoad();
    const refresh = vi
      .fn()
      .mockImplementationOnce(async () => Promise.reject(busy(1_000)))
      .mockImplementationOnce(async () => Promise.reject(busy(1_000)))
      .mockImplementation(async () => ({ access_token: 'renewed', expires_in: 3600 }));
    const { session: s } = session({ refresh });
    s.resume();
    let settled = false;
    void s.settled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Before, settled here, signed out: the guard sent the adviser to the sign-in form.
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(settled).toBe(true);
    expect(s.getAccessToken()).toBe('renewed');
  });

  it('gives up the renewal of a session found expired 10 s after its first try, or at once when refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expiredAtLoad();
    const refresh = vi.fn(async () => Promise.reject(busy(0)));
    const { session: s } = session({ refresh });
    s.resume();
    let settled = false;
    void s.settled().then(() => (settled = true));
    // At 0 s, 1 s, … 10 s, then no more.
    await vi.advanceTimersByTimeAsync(9_999);
    expect(refresh).toHaveBeenCalledTimes(10);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(11);
    expect(settled).toBe(true);
    expect(s.isSignedIn()).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refresh).toHaveBeenCalledTimes(11);

    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
    expiredAtLoad();
    const spent = vi.fn(async () =>
      Promise.reject(new ApiError({ status: 401, code: 'invalid_grant', message: 'spent' })),
    );
    const refused = session({ refresh: spent }).session;
    refused.resume();
    await refused.settled();
    expect(spent).toHaveBeenCalledTimes(1);
    expect(refused.isSignedIn()).toBe(false);
  });

  it('does not try again a refresh token the platform refused (401, 400), whatever Retry-After says', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const status of [401, 400]) {
      const refused = new ApiError({
        status,
        code: 'invalid_grant',
        message: 'The refresh token was refused',
        retryAt: Date.now() + 1_000,
      });
      const refresh = vi.fn(async () => Promise.reject(refused));
      const { session: s } = session({ refresh });
      s.store({ access_token: 'a1', expires_in: 60 });

      await vi.advanceTimersByTimeAsync(60_000);
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(s.isSignedIn()).toBe(false);
      s.dispose();
    }
  });

  it('picks up a token stored by an earlier page load', async () => {
    const earlier = session().session;
    earlier.store({ access_token: 'a1', expires_in: 60 });
    earlier.dispose();
    const { session: reloaded, refresh } = session();

    expect(reloaded.isSignedIn()).toBe(true);
    reloaded.resume();
    await vi.advanceTimersByTimeAsync(50_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('removes the token and revokes it on sign-out', async () => {
    const { session: s, revoke } = session();
    s.store({ access_token: 'a1', expires_in: 60 });

    await s.signOut();

    expect(revoke).toHaveBeenCalledWith('a1', expect.any(AbortSignal));
    expect(s.hasStoredSession()).toBe(false);
    // Nothing of the session is left: only the note that it was signed out of, for every tab.
    expect(Object.keys(window.localStorage)).toEqual(['waratah.signedOut']);
  });

  it('tells a sign-out on purpose from a session that ended by itself, until the next sign-in', async () => {
    const { session: s } = session();
    s.store({ access_token: 'a1', expires_in: 60 });
    expect(s.signedOutOnPurpose()).toBe(false);
    s.clear();
    expect(s.signedOutOnPurpose()).toBe(false);

    s.store({ access_token: 'a2', expires_in: 60 });
    await s.signOut();
    expect(s.signedOutOnPurpose()).toBe(true);

    // Another tab of the portal, which learns of the sign-out from the storage, knows it too.
    const { session: otherTab } = session();
    expect(otherTab.signedOutOnPurpose()).toBe(true);

    s.store({ access_token: 'a3', expires_in: 60 });
    expect(s.signedOutOnPurpose()).toBe(false);
    expect(otherTab.signedOutOnPurpose()).toBe(false);
  });

  it('rejects and stays signed in when the revocation fails, so that sign-out can be tried again', async () => {
    const { session: s } = session({ revoke: vi.fn().mockRejectedValue(new Error('offline')) });
    s.store({ access_token: 'a1' });

    await expect(s.signOut()).rejects.toThrow('offline');
    expect(s.isSignedIn()).toBe(true);
  });
});
