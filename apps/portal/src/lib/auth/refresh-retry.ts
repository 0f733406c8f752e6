/** The least time between two tries of a refresh, whatever `Retry-After` says: never a tight loop. */
export const REFRESH_RETRY_MIN_MS = 1_000;

/** The last try starts at least this long before the token expires, so that its answer comes in time. */
export const REFRESH_LAST_TRY_BEFORE_EXPIRY_MS = 1_000;

/**
 * How long after its first try a session found expired at load (the tab was closed past the
 * token's life; its refresh cookie lasts longer) is still tried, the page waiting on it.
 */
export const RESUME_REFRESH_RETRY_WINDOW_MS = 10_000;

/** A refused refresh, as the SDK's `ApiError` and the provider client's `ProviderRequestError` tell it. */
export interface RefreshRefusal {
  status: number;
  /** When the answer said to ask again (`Retry-After`), in epoch milliseconds. */
  retryAt?: number | undefined;
}

/**
 * How long a refused refresh's answer asked to wait before asking again, in milliseconds from `now`
 * (on the clock its `retryAt` is on): a 503 (the sign-in service could not refresh just now, its
 * database blipped, and kept the cookies) or a 429, with `Retry-After`. Undefined for any other
 * answer, and for one without the header: a 401 or 400 is a refresh token spent, revoked or
 * missing, which asking again cannot mend.
 */
export function askedRefreshWait({ status, retryAt }: RefreshRefusal, now: number): number | undefined {
  if ((status !== 503 && status !== 429) || retryAt === undefined) return undefined;
  return Math.max(retryAt - now, 0);
}

/**
 * When, from now, to try again a refresh whose answer asked to wait `waitMs`, the token having
 * `untilExpiryMs` left: after that wait, but at least REFRESH_RETRY_MIN_MS, and at the latest
 * REFRESH_LAST_TRY_BEFORE_EXPIRY_MS before the expiry (a longer wait is cut short to one last try,
 * since a try after it is of no use); null when no try fits (under 2 s left).
 */
export function refreshRetryDelay(waitMs: number, untilExpiryMs: number): number | null {
  const latest = untilExpiryMs - REFRESH_LAST_TRY_BEFORE_EXPIRY_MS;
  const delay = Math.min(Math.max(waitMs, REFRESH_RETRY_MIN_MS), latest);
  return delay >= REFRESH_RETRY_MIN_MS ? delay : null;
}

/**
 * When, from now, to try again the renewal of a session found expired at load whose answer asked
 * to wait `waitMs`, `sinceFirstTryMs` after its first try: after that wait, but at least
 * REFRESH_RETRY_MIN_MS, while the try starts within RESUME_REFRESH_RETRY_WINDOW_MS of the first;
 * null when it would not.
 */
export function resumeRetryDelay(waitMs: number, sinceFirstTryMs: number): number | null {
  const delay = Math.max(waitMs, REFRESH_RETRY_MIN_MS);
  return sinceFirstTryMs + delay <= RESUME_REFRESH_RETRY_WINDOW_MS ? delay : null;
}
