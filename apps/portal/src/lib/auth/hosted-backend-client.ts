import type { AuthProviderUser } from '../app-state.tsx';
import { loadSdk } from '../load-sdk.ts';
import type { FusionAuthSetup } from './fusion-auth-config.ts';
import { readCookie } from './read-cookie.ts';
import { askedRefreshWait, refreshRetryDelay } from './refresh-retry.ts';
import { type WithLock, withWebLock } from './web-lock.ts';

/** The readable cookie in which the hosted backend keeps the access token's expiry, in epoch seconds. */
export const accessTokenExpiryCookie = 'app.at_exp';

/** Where the page notes when it sent the visitor to the provider (session storage, this tab only). */
export const providerTripKey = 'waratah.providerTripStartedAt';

/** How soon after leaving for the provider a return counts as its answer. */
export const providerTripMs = 60_000;

/**
 * Where the page keeps the `state` it sent with its last login or registration (session storage,
 * this tab only), to check the one the provider returns to the callback (spec §7).
 */
export const providerStateKey = 'waratah.providerState';

/** A fresh `state`: 256 random bits, base64url. */
export function newProviderState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Spec §8: what a failed refresh says when the provider gave no details. */
export const refreshFailedDetails = 'Failed to refresh fusionauth access token';

/** A request to the sign-in provider that it refused; spec §8 asks for its status (and details). */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: string,
    /** When the answer said to ask again (`Retry-After`), in epoch milliseconds on the provider's clock. */
    readonly retryAt?: number,
  ) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

/**
 * The portal's client of FusionAuth's hosted backend (spec §7, External sign-in provider). The
 * provider keeps the tokens in cookies that scripts cannot read; the portal sees only the access
 * token's expiry, navigates to the provider to sign in, register and sign out, and calls it for
 * the user's info and a refresh, with the cookies.
 */
export interface HostedBackendClient {
  /**
   * When the access token expires (epoch milliseconds, the provider's clock), from its cookie; null
   * without one, and null for as long as the page lasts when it was loaded on the callback with a
   * session whose `state` is not the one this tab sent (see `answerRefused`).
   */
  expiresAt(): number | null;
  /**
   * The provider's time (epoch milliseconds): the page's clock, corrected by what the provider's last
   * answer said of its own (`Date`), so that a page whose clock runs slow still refreshes in time.
   */
  now(): number;
  /** Calls `listener` when an answer shows the page's clock off by another amount; returns the unsubscribe. */
  onClockChange(listener: () => void): () => void;
  isLoggedIn(): boolean;
  startLogin(): void;
  startRegister(): void;
  startLogout(): void;
  /** The provider's account page (`/account/`, FusionAuth's manageAccount), where the adviser changes their password. */
  accountUrl: string;
  /**
   * True, once, when the provider has just sent the visitor back (a login or registration this
   * tab started within `providerTripMs`) and still no session reads as open: the page's clock is
   * ahead of the provider's by more than the token's life, or its cookies were refused. Starting
   * the login again would only bring the visitor straight back, for ever. Also true, each time it
   * is asked, when the page was loaded on the callback with a session whose `state` is not the one
   * this tab sent: that sign-in is not completed (the callback shows the error page).
   */
  returnedSignedOut(): boolean;
  /**
   * True while the visitor is just back from a login or registration this tab started (within
   * `providerTripMs`), signed in or not. Not forgotten when read: the callback and the page it
   * restores both ask, and React's strict mode runs a guard twice. A login started now would come
   * straight back, the provider's session being open.
   */
  justReturned(): boolean;
  /** `GET /app/me/`; rejects with the status when the provider refuses. */
  fetchUserInfo(): Promise<AuthProviderUser>;
  /** `POST /app/refresh/`: new tokens in the cookies, and a new expiry. */
  refresh(): Promise<void>;
}

export interface HostedBackendDeps {
  doc?: Document;
  /** The tab's session storage; none where the browser refuses it. */
  storage?: Storage | null;
  navigate?: (url: string) => void;
  fetch?: typeof fetch;
  /** The page's clock. */
  now?: () => number;
  /** The address the page was loaded at: on the callback, its `state` is checked. */
  pageUrl?: () => string;
}

/**
 * Offsets of the page's clock from the provider's smaller than this are taken as none: the `Date`
 * header counts whole seconds, and the refresh comes 10 s early anyway.
 */
export const clockToleranceMs = 2_000;

/**
 * How far the provider's clock runs ahead of the page's (negative: behind), from an answer's `Date`
 * header and when the request left and its answer came (the page's clock); 0 within
 * `clockToleranceMs`, null without a readable header (a provider on another origin must expose it).
 */
export function providerClockOffset(date: string | null, sentAt: number, receivedAt: number): number | null {
  const stamped = date === null ? Number.NaN : Date.parse(date);
  if (!Number.isFinite(stamped)) return null;
  // The header drops the milliseconds: the provider's time lay somewhere in the second it names.
  const offset = stamped + 500 - (sentAt + receivedAt) / 2;
  return Math.abs(offset) < clockToleranceMs ? 0 : Math.round(offset);
}

export function createHostedBackendClient(
  setup: FusionAuthSetup,
  {
    doc = document,
    storage = tabStorage(),
    navigate = (url) => window.location.assign(url),
    fetch: send = (input, init) => fetch(input, init),
    now = Date.now,
    pageUrl = () => window.location.href,
  }: HostedBackendDeps = {},
): HostedBackendClient {
  const url = (path: string, query: Record<string, string> = {}) => {
    const target = new URL(path, setup.serverUrl);
    target.search = new URLSearchParams(query).toString();
    return target.toString();
  };
  const authorization = () => ({
    client_id: setup.clientId,
    redirect_uri: setup.redirectUri,
    scope: setup.scope,
    state: newProviderState(),
  });

  const cookieExpiresAt = () => {
    const seconds = Number(readCookie(accessTokenExpiryCookie, doc) ?? Number.NaN);
    return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
  };

  /**
   * Login CSRF (spec §7, `state`): a page loaded on the callback (the redirect_uri) with a session
   * open completes that sign-in only when the provider returned the `state` this tab kept when it
   * left for the provider, which is then spent. Another's sign-in finishing in this browser, or a
   * return without a state, is refused for as long as the page lasts: it reads as signed out and
   * the callback shows the error page. Checked once, when first asked (not when the client is
   * made: React may make one more and drop it). A return with no session to complete (the one
   * after a sign-out) is not refused. A tab whose storage is refused cannot keep a state, and so
   * cannot check one.
   */
  let refused: boolean | undefined;
  const answerRefused = () => {
    if (refused !== undefined) return refused;
    refused = false;
    const page = new URL(pageUrl());
    const callback = new URL(setup.redirectUri);
    if (page.origin !== callback.origin || page.pathname !== callback.pathname) return refused;
    let expected: string | null;
    try {
      if (!storage) return refused;
      expected = storage.getItem(providerStateKey);
      storage.removeItem(providerStateKey);
      // A tab that can read but not write (a full storage) kept no state when it left: as a tab
      // whose storage is refused, it cannot check one, and is not locked out of signing in.
      if (expected === null) {
        storage.setItem(providerStateKey, 'probe');
        storage.removeItem(providerStateKey);
      }
    } catch {
      return refused;
    }
    const returned = page.searchParams.get('state');
    refused = cookieExpiresAt() !== null && (expected === null || returned !== expected);
    return refused;
  };

  const expiresAt = () => (answerRefused() ? null : cookieExpiresAt());

  let clockOffset = 0;
  const clockListeners = new Set<() => void>();
  const providerNow = () => now() + clockOffset;
  /**
   * Every call to the provider reads its clock from the answer. An offset within the tolerance of
   * the one known is the header's whole seconds and the network's time, not a new clock: taking
   * it would set the timers again on nearly every answer.
   */
  const call = async (target: string, init: RequestInit) => {
    const sentAt = now();
    const response = await send(target, init);
    const offset = providerClockOffset(response.headers.get('date'), sentAt, now());
    if (offset !== null && Math.abs(offset - clockOffset) >= clockToleranceMs) {
      clockOffset = offset;
      for (const listener of [...clockListeners]) listener();
    }
    return response;
  };

  const isLoggedIn = () => (expiresAt() ?? 0) > providerNow();
  const justReturned = () => {
    let started: number;
    try {
      started = Number(storage?.getItem(providerTripKey) ?? Number.NaN);
    } catch {
      return false;
    }
    const elapsed = now() - started;
    return elapsed >= 0 && elapsed <= providerTripMs;
  };
  /** Leaves for the provider; a login or registration (a trip) keeps the time it left and its `state`. */
  const leaveFor = (path: string, query: Record<string, string>, trip: boolean) => {
    try {
      if (trip) {
        storage?.setItem(providerTripKey, String(now()));
        if (query.state) storage?.setItem(providerStateKey, query.state);
      } else {
        storage?.removeItem(providerTripKey);
        storage?.removeItem(providerStateKey);
      }
    } catch {
      // A full or refused storage loses the loop guard; the callback then finds no state to match.
    }
    navigate(url(path, query));
  };

  return {
    expiresAt,
    now: providerNow,
    onClockChange(listener) {
      clockListeners.add(listener);
      return () => clockListeners.delete(listener);
    },
    isLoggedIn,
    startLogin: () => leaveFor('/app/login/', authorization(), true),
    startRegister: () => leaveFor('/app/register/', authorization(), true),
    // Spec §7: these carry a state too; nothing comes back with it, so it is not kept.
    startLogout: () =>
      leaveFor(
        '/app/logout/',
        {
          client_id: setup.clientId,
          post_logout_redirect_uri: setup.redirectUri,
          state: newProviderState(),
        },
        false,
      ),
    accountUrl: url('/account/', { client_id: setup.clientId, state: newProviderState() }),
    returnedSignedOut() {
      if (answerRefused()) {
        try {
          storage?.removeItem(providerTripKey);
        } catch {
          // Nothing to forget.
        }
        return true;
      }
      const returned = justReturned();
      try {
        storage?.removeItem(providerTripKey);
      } catch {
        return false;
      }
      return returned && !isLoggedIn();
    },
    justReturned,
    async fetchUserInfo() {
      const response = await call(url('/app/me/'), { credentials: 'include' });
      if (!response.ok) {
        throw new ProviderRequestError(
          `Unable to fetch userInfo: the sign-in provider answered ${response.status}`,
          response.status,
        );
      }
      return toAuthProviderUser(await response.json().catch(() => null));
    },
    async refresh() {
      const response = await call(url('/app/refresh/', { client_id: setup.clientId }), {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'text/plain' },
      });
      if (!response.ok) {
        const details = (await response.text().catch(() => '')) || refreshFailedDetails;
        // On the provider's clock, as the expiry: a `Retry-After` date is the provider's.
        const retryAt = await readRetryAfter(response.headers.get('retry-after'), providerNow());
        throw new ProviderRequestError(
          JSON.stringify({ status: response.status, details }),
          response.status,
          details,
          retryAt,
        );
      }
    },
  };
}

/**
 * When an answer's `Retry-After` says to ask again, by the SDK's reading of it (`retryAtOf`), loaded
 * only for an answer that has one: the SDK's error module brings the contracts' zod schemas, which
 * stay out of the first page's JavaScript (docs/portal.md "How the bundles are split"). Undefined
 * without the header, or when the SDK cannot be loaded.
 */
async function readRetryAfter(header: string | null, now: number): Promise<number | undefined> {
  if (header === null) return undefined;
  try {
    return (await loadSdk()).retryAtOf(header, now);
  } catch {
    return undefined;
  }
}

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The user info as the portal keeps it; anything but an object of claims is the provider's fault. */
function toAuthProviderUser(body: unknown): AuthProviderUser {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error('Unable to fetch userInfo: the sign-in provider answered something other than user info');
  }
  const claims = body as Record<string, unknown>;
  const text = (name: string) => (typeof claims[name] === 'string' ? { [name]: claims[name] } : {});
  return {
    ...text('sub'),
    ...text('email'),
    ...text('given_name'),
    ...text('family_name'),
    roles: Array.isArray(claims.roles) ? claims.roles.filter((role) => typeof role === 'string') : [],
  };
}

/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A failed refresh's next try: when (the provider's time), and whether the halfway try is spent. */
interface Retry {
  at: number;
  halfwayTried: boolean;
}

/** A refresh that failed: the expiry it was to renew, and whether it was the halfway try or after. */
interface FailedRefresh {
  expiresAt: number;
  halfwayTried: boolean;
}

/** A try of a refresh, as FailedRefresh tells it, and whether a try of the same renewal failed before it. */
interface RefreshTry extends FailedRefresh {
  retried: boolean;
}

/** The name of the lock under which the page's tabs refresh the session one at a time. */
export const refreshLockName = 'waratah-provider-refresh';

export interface KeepSessionOptions {
  /** How long before the access token expires it is refreshed. */
  refreshBeforeMs: number;
  /** The signed-in state may have changed: the token expired, or a refresh gave it a new expiry. */
  onChange: () => void;
  /**
   * A refresh that failed: a 503 or 429 with `Retry-After` is tried again when it says (at least 1 s
   * apart, while the token lasts), any other failure once more, halfway to the expiry; the session
   * then ends when the token expires. Told of a renewal's first failure and of its last (no try
   * follows: the session ends at the expiry), not of each try between: a blip of a few seconds
   * made up to ten reports a tab.
   */
  onRefreshFailure?: (error: unknown) => void;
  withLock?: WithLock;
}

/**
 * Spec §7 auto refresh: refreshes the access token `refreshBeforeMs` before it expires, again after
 * each refresh, and tells when the token has expired. Every tab of the portal shares the provider's
 * cookies and reads the same expiry, and the provider hands out a new refresh token with each
 * refresh and ends the session when an old one is used again: so the tabs refresh one at a time,
 * under one lock, and a tab that finds the expiry moved on (another tab refreshed) only takes the
 * new one. The expiry does not sign the page out while a refresh is under way. Times are the
 * provider's (`client.now`): when an answer shows the page's clock off by another amount, the
 * timers are set again. Returns the function that stops it.
 */
export function keepSessionFresh(
  client: HostedBackendClient,
  { refreshBeforeMs, onChange, onRefreshFailure, withLock = withWebLock }: KeepSessionOptions,
): () => void {
  const now = () => client.now();
  let stopped = false;
  let refreshing = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const at = (time: number, run: () => void) => {
    const delay = Math.max(time - now(), 0);
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (stopped) return;
        // A time beyond the longest timer is reached in steps.
        if (delay > MAX_TIMER_MS) at(time, run);
        else run();
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    timers.add(timer);
  };
  const clear = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };

  /**
   * The try after a failed one (the provider's time, so a clock learned later does not move it), or
   * none: the session then ends at the expiry. A refresh the provider could not do just now (503,
   * 429: its database blipped, the cookies kept) is tried again when its `Retry-After` says, at
   * least 1 s apart and for as long as a try can still help (`refreshRetryDelay`).
   * Any other failure (a 401 or 400: the refresh token spent or revoked; the network) is tried once
   * more, halfway to the expiry. Before 2026-12-03 a 503 was too, and a blip longer than those 5 s
   * signed the adviser out though the identity kept their session.
   */
  const nextTry = (error: unknown, { expiresAt, halfwayTried }: FailedRefresh): Retry | undefined => {
    // A try that failed past the expiry (its answer came late) is the last: the session has ended.
    if (expiresAt <= now()) return undefined;
    const asked = error instanceof ProviderRequestError ? askedRefreshWait(error, now()) : undefined;
    if (asked !== undefined) {
      const delay = refreshRetryDelay(asked, expiresAt - now());
      return delay === null ? undefined : { at: now() + delay, halfwayTried };
    }
    return halfwayTried ? undefined : { at: now() + (expiresAt - now()) / 2, halfwayTried: true };
  };

  const refresh = ({ expiresAt, halfwayTried, retried }: RefreshTry) => {
    refreshing = true;
    let failure: { error: unknown } | undefined;
    withLock(refreshLockName, async () => {
      if (stopped || client.expiresAt() !== expiresAt) return;
      await client.refresh();
    })
      .catch((error: unknown) => {
        failure = { error };
      })
      .finally(() => {
        refreshing = false;
        if (stopped) return;
        const retry = failure && nextTry(failure.error, { expiresAt, halfwayTried });
        if (failure && (!retried || retry === undefined)) onRefreshFailure?.(failure.error);
        schedule({ expiresAt, retry });
        onChange();
      });
  };

  // After a refresh, the expiry is read again. One that has not moved is not refreshed again at
  // once (that would never end) unless the refresh failed, which may be tried again (nextTry).
  let lastRefresh: { expiresAt: number; retry: Retry | undefined } | undefined;
  const schedule = (last?: typeof lastRefresh) => {
    lastRefresh = last;
    clear();
    const expiresAt = client.expiresAt();
    if (expiresAt === null || expiresAt <= now()) return;
    at(expiresAt, () => {
      if (!refreshing) onChange();
    });
    if (expiresAt !== last?.expiresAt) {
      at(expiresAt - refreshBeforeMs, () => refresh({ expiresAt, halfwayTried: false, retried: false }));
    } else if (last.retry) {
      const { halfwayTried } = last.retry;
      at(last.retry.at, () => refresh({ expiresAt, halfwayTried, retried: true }));
    }
  };

  schedule();
  // A refresh under way sets the timers again when it ends.
  const stopWatchingClock = client.onClockChange(() => {
    if (stopped || refreshing) return;
    schedule(lastRefresh);
    onChange();
  });
  return () => {
    stopped = true;
    stopWatchingClock();
    clear();
  };
}
