import { isApiError } from '../is-api-error.ts';
import { askedRefreshWait, refreshRetryDelay, resumeRetryDelay } from './refresh-retry.ts';
import { type WithLock, withWebLock } from './web-lock.ts';

const keys = {
  accessToken: 'waratah.accessToken',
  expiresAt: 'waratah.accessTokenExpiresAt',
  /** New with each sign-in, kept through refreshes: tells another tab's sign-in from its refresh. */
  signInId: 'waratah.signInId',
} as const;

/**
 * Where the refresh token was kept before it moved to an HttpOnly cookie (docs/authentication.md);
 * removed wherever it is still found, so no script can read one left by an earlier version.
 */
const retiredRefreshTokenKey = 'waratah.refreshToken';

/**
 * Set by the sign-out button, in storage every tab of the portal reads: a tab told by another that
 * the session ended knows it was on purpose too. Removed by the next sign-in.
 */
const signedOutKey = 'waratah.signedOut';

/** Tabs of one portal share the stored token, so only one of them at a time may spend the cookie. */
const refreshLockName = 'waratah.token-refresh';

/** The token answer of the password and refresh grants, as far as the session needs it. */
export interface SessionToken {
  access_token: string;
  expires_in?: number | undefined;
}

export interface PasswordSessionOptions {
  storage: Storage;
  /**
   * The refresh_token grant by the browser's HttpOnly refresh token cookie (no script sees it);
   * resolves with the new access token. Given `retiredRefreshToken` (one an earlier version kept in
   * local storage), spends that one instead, once, so that its successor goes to the cookie.
   */
  refresh: (retiredRefreshToken?: string, signal?: AbortSignal) => Promise<SessionToken>;
  /** Revokes a token (the access token; a left-behind refresh token) with the tenant's client id and domain. */
  revoke: (token: string, signal?: AbortSignal) => Promise<void>;
  /** Spec §4: the token refreshes this long before it expires. */
  refreshBeforeMs?: number;
  now?: () => number;
  /**
   * Runs a refresh while no other tab of this portal runs one: the Web Locks API where the browser
   * has it. A refresh token works once, so two tabs spending it together would end the sign-in.
   */
  withLock?: WithLock;
  /**
   * How long a token call made under the lock (a refresh, a sign-in, a revocation) may take before
   * it is given up, so that one stalled request cannot keep every tab from signing in or out.
   */
  lockedCallTimeoutMs?: number;
  /** Tells the listener when another tab stored, refreshed or removed the session: `storage` events. */
  watchOtherTabs?: (listener: () => void) => () => void;
}

export interface PasswordSession {
  /**
   * The token to send, while it is still alive. An expired one is kept (a 401 then means the session
   * timed out) but not sent: the platform refuses a dead bearer even on the calls that need none.
   */
  getAccessToken(): string | null;
  /** True while a token is stored and its expiry is still ahead. */
  isSignedIn(): boolean;
  /** A token is stored, expired or not: a 401 then means the session ended. */
  hasStoredSession(): boolean;
  /** Which sign-in the stored token belongs to (new with each sign-in, in any tab; kept by a refresh). */
  signInId(): string | null;
  store(token: SessionToken): void;
  /**
   * Signs in: runs `grant` (the password grant, which sets the refresh token cookie) and stores its
   * answer, under the refresh's lock. A refresh with the previous sign-in's cookie, in this tab or
   * another, ends first, so its rotated cookie cannot replace the one this sign-in sets.
   */
  signIn<T extends SessionToken>(grant: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Revokes the token on the server, then forgets it here; a failed revocation keeps the session. */
  signOut(): Promise<void>;
  /**
   * The session was ended by `signOut` (the adviser's own choice), in this tab or another, and
   * none is stored since.
   */
  signedOutOnPurpose(): boolean;
  /** Forgets the session here at once (it timed out), and revokes it on the server as it can. */
  clear(): void;
  /** Told whenever the signed-in state may have changed: stored, refreshed, expired, cleared. */
  subscribe(listener: () => void): () => void;
  /**
   * Picks up a token stored by an earlier page load and schedules its refresh and expiry; one due
   * already (the tab was closed past the token's life) is refreshed at once.
   */
  resume(): void;
  /** Resolves once no refresh is under way here: the signed-in state is then what it will stay. */
  settled(): Promise<void>;
  dispose(): void;
}

/** The login state of the password tenants (spec §4), derived from the stored access token's expiry. */
export function createPasswordSession({
  storage,
  refresh,
  revoke,
  refreshBeforeMs = 10_000,
  now = Date.now,
  withLock = withWebLock,
  lockedCallTimeoutMs = 20_000,
  watchOtherTabs = watchStorageEvents,
}: PasswordSessionOptions): PasswordSession {
  /** Runs a token call with a signal that ends it after `lockedCallTimeoutMs`. */
  async function withDeadline<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The token call took too long', 'TimeoutError')),
      lockedCallTimeoutMs,
    );
    try {
      return await call(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }
  const listeners = new Set<() => void>();
  const timers: ReturnType<typeof setTimeout>[] = [];
  let stopWatching: (() => void) | null = null;
  let disposed = false;
  const emit = () => {
    for (const listener of listeners) listener();
  };
  let refreshing: Promise<void> | null = null;
  const expiresAt = () => Number(storage.getItem(keys.expiresAt)) || null;

  function clearTimers() {
    for (const timer of timers.splice(0)) clearTimeout(timer);
  }

  function schedule({ refreshDueAtOnce = false } = {}) {
    clearTimers();
    if (disposed) return;
    const expiry = expiresAt();
    if (expiry === null || storage.getItem(keys.accessToken) === null) return;
    const delay = Math.max(expiry - refreshBeforeMs - now(), 0);
    if (delay === 0 && refreshDueAtOnce) void refreshNow(expiry);
    else timers.push(setTimeout(() => void refreshNow(expiry), delay));
    timers.push(setTimeout(emit, Math.max(expiry - now(), 0)));
  }

  /**
   * Refreshes the token that expires at `due`, unless another tab already has while this one waited,
   * or the session ended meanwhile (a sign-out takes the same lock).
   */
  function refreshNow(due: number | null, retiredRefreshToken?: string): Promise<void> {
    const run = refreshOnce(due, retiredRefreshToken);
    refreshing = run;
    void run.finally(() => {
      if (refreshing === run) refreshing = null;
    });
    return run;
  }

  async function refreshOnce(due: number | null, retiredRefreshToken?: string) {
    // A session found expired (at load, the tab closed past the token's life) is renewed while the
    // page waits (`settled`): tries it asks for are made within this run.
    const firstTry = now();
    const expiredAlready = due !== null && due <= firstTry;
    for (;;) {
      try {
        await withLock(refreshLockName, async () => {
          const current = storage.getItem(keys.accessToken);
          if (current === null) return;
          if (expiresAt() !== due) {
            takeStoredSession();
            return;
          }
          const token = await withDeadline((signal) => refresh(retiredRefreshToken, signal));
          // Kept only if the session it renews is still the one here: not timed out, not replaced by
          // a new sign-in while the answer was on its way.
          if (storage.getItem(keys.accessToken) === current) session.store(token);
        });
        return;
      } catch (error) {
        // The expiry timer still flips the state to signed out, unless a try asked for renews it.
        console.warn('The access token could not be refreshed', error);
        const delay = askedRetryDelay(error, due, firstTry);
        if (delay === null) return;
        if (!expiredAlready) {
          timers.push(setTimeout(() => void refreshNow(due, retiredRefreshToken), delay));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (disposed) return;
      }
    }
  }

  /**
   * A refresh the platform could not do just now (a 503 or 429 with `Retry-After`: still starting,
   * too many calls) is tried again when the header says, at least 1 s apart, for as long as a try
   * can still renew the token (`refreshRetryDelay`): the delay, or null for no try. Any other
   * failure (a 401 or 400: the refresh token spent or revoked) is not, and the visitor signs in
   * again once the token expires. Before 2026-12-03 no failure was tried again: a 503 10 s before
   * the expiry signed the adviser out. A session found expired (`due` before the `firstTry`) is tried
   * again when it says, at least 1 s apart, for 10 s from the first try (`resumeRetryDelay`): the
   * page went to the sign-in form at once, though the refresh cookie was good.
   */
  function askedRetryDelay(error: unknown, due: number | null, firstTry: number): number | null {
    if (disposed || due === null || !isApiError(error)) return null;
    // Only while the session that failed to renew is still the one stored here.
    if (storage.getItem(keys.accessToken) === null || expiresAt() !== due) return null;
    // The SDK reads `Retry-After` on this machine's clock (`Date.now`).
    const asked = askedRefreshWait(error, Date.now());
    if (asked === undefined) return null;
    return due <= firstTry
      ? resumeRetryDelay(asked, now() - firstTry)
      : refreshRetryDelay(asked, due - now());
  }

  /** The stored session changed (stored here, or by another tab): timers set again, listeners told. */
  function takeStoredSession() {
    if (storage.getItem(keys.accessToken) !== null) storage.removeItem(signedOutKey);
    schedule();
    emit();
  }

  function forget() {
    clearTimers();
    for (const key of [...Object.values(keys), retiredRefreshTokenKey]) storage.removeItem(key);
    emit();
  }

  const session: PasswordSession = {
    getAccessToken: () => (session.isSignedIn() ? storage.getItem(keys.accessToken) : null),
    isSignedIn() {
      if (storage.getItem(keys.accessToken) === null) return false;
      const expiry = expiresAt();
      return expiry === null || expiry > now();
    },
    hasStoredSession: () => storage.getItem(keys.accessToken) !== null,
    signInId: () => storage.getItem(keys.signInId),
    store(token) {
      storage.setItem(keys.accessToken, token.access_token);
      if (token.expires_in) storage.setItem(keys.expiresAt, String(now() + token.expires_in * 1000));
      else storage.removeItem(keys.expiresAt);
      takeStoredSession();
    },
    async signIn<T extends SessionToken>(grant: (signal: AbortSignal) => Promise<T>): Promise<T> {
      const signedIn: { token?: T } = {};
      await withLock(refreshLockName, async () => {
        signedIn.token = await withDeadline(grant);
        storage.setItem(keys.signInId, newSignInId());
        session.store(signedIn.token);
      });
      if (signedIn.token === undefined) throw new Error('The sign-in did not run');
      return signedIn.token;
    },
    async signOut() {
      // Under the refresh's lock: a refresh under way in any tab ends first, and its token is revoked.
      await withLock(refreshLockName, async () => {
        const accessToken = storage.getItem(keys.accessToken);
        if (accessToken) await withDeadline((signal) => revoke(accessToken, signal));
      });
      storage.setItem(signedOutKey, '1');
      forget();
    },
    signedOutOnPurpose: () =>
      storage.getItem(signedOutKey) !== null && storage.getItem(keys.accessToken) === null,
    clear() {
      const accessToken = storage.getItem(keys.accessToken);
      forget();
      // A session that timed out may still hold its refresh token cookie: revoking ends that
      // sign-in too and clears the cookie. Best effort; the page is signed out either way. Under
      // the lock, so that a sign-in made meanwhile sets its cookie after this one is cleared.
      if (accessToken)
        withLock(refreshLockName, () => withDeadline((signal) => revoke(accessToken, signal))).catch(
          (error: unknown) => console.warn('The ended session could not be revoked', error),
        );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resume() {
      stopWatching ??= watchOtherTabs(takeStoredSession);
      // A session stored by a sign-in the marker outlived (a tab of an earlier version) is no sign-out.
      if (storage.getItem(keys.accessToken) !== null) storage.removeItem(signedOutKey);
      schedule({ refreshDueAtOnce: true });
      // A refresh token an earlier version left in local storage is spent once, into the cookie,
      // and removed: the adviser stays signed in, and the old token stops working.
      const retired = storage.getItem(retiredRefreshTokenKey);
      storage.removeItem(retiredRefreshTokenKey);
      if (!retired) return;
      if (storage.getItem(keys.accessToken) !== null) void refreshNow(expiresAt(), retired);
      // No session here to carry over: the left-behind token is ended instead.
      else
        revoke(retired).catch((error: unknown) =>
          console.warn('The left-behind refresh token could not be revoked', error),
        );
    },
    async settled() {
      while (refreshing) await refreshing;
    },
    dispose() {
      disposed = true;
      clearTimers();
      stopWatching?.();
      stopWatching = null;
    },
  };
  return session;
}

/** 16 random bytes, hex (`crypto.randomUUID` exists only in secure contexts; this works on any page). */
function newSignInId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function watchStorageEvents(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const sessionKeys: (string | null)[] = [...Object.values(keys), null];
  const onStorage = (event: StorageEvent) => {
    if (sessionKeys.includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
