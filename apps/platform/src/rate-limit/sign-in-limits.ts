import type { AuthSettings } from '../auth/auth-settings.ts';
import { clientAddressKey } from './client-address-key.ts';
import { minutesFrom, RateLimitedError } from './rate-limited-error.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';

const hour = 3600;

export interface SignInAttempt {
  tenantId: string;
  username: string;
  ip: string;
  /**
   * The browser's device cookie, when `knownSignInDevice` found it handed out to this account: the
   * hash naming its own counter (rate-limit/sign-in-devices.ts).
   */
  knownDevice?: string;
}

/**
 * Failed sign-ins are counted per IP (whatever the account) and per account (whatever the IP), in
 * that order: an address over its limit is refused before any account is counted. From a browser
 * that signed in to the account before (`knownDevice`), they are counted against that browser
 * instead of the account, with the same limit: strangers' failures, which lock the account for an
 * hour, do not lock its owner out of their own browser, and that browser's own failures are still
 * bounded (OWASP's "device cookies").
 */
export function signInRules(settings: AuthSettings, attempt: SignInAttempt): RateLimitRule[] {
  return [
    guessesPerIp(settings, attempt.ip),
    {
      key: attempt.knownDevice
        ? `sign-in:device:${attempt.knownDevice}`
        : `sign-in:account:${attempt.tenantId}:${attempt.username.trim().toLowerCase()}`,
      limit: settings.signInFailuresPerAccount,
      windowSeconds: hour,
    },
  ];
}

/**
 * Wrong codes per address a day, across all its codes: each code allows `verificationCodeAttempts`
 * tries and a new one can be asked for 10 times an hour (the e-mail limits), so without this one
 * address could be guessed at ~50 times an hour, for ever. Past it even the right code is refused
 * until the day's window ends (the owner asks again the next day).
 */
export const wrongCodesPerAddressPerDay = 20;

const day = 24 * hour;

export interface VerificationCodeCheck {
  tenantId: string;
  email: string;
  ip: string;
}

/**
 * Wrong e-mail verification codes (or a code for an address with none to check) count against the
 * same per-IP limit as failed sign-ins: both guess at a credential, since a verified account
 * without a password is handed a link to set one; this count stops one address guessing at the
 * codes of many accounts. Then against the address named, whatever its account (or none), across
 * its codes: `wrongCodesPerAddressPerDay` (since 2026-12-02; a code's own tries are capped per code,
 * `verificationCodeAttempts`, and new codes per address, by the e-mail limits).
 */
export function verificationCodeRules(settings: AuthSettings, check: VerificationCodeCheck): RateLimitRule[] {
  return [
    guessesPerIp(settings, check.ip),
    {
      key: `verify-code:address:${check.tenantId}:${check.email.trim().toLowerCase()}`,
      limit: wrongCodesPerAddressPerDay,
      windowSeconds: day,
    },
  ];
}

function guessesPerIp(settings: AuthSettings, ip: string): RateLimitRule {
  return {
    key: `sign-in:ip:${clientAddressKey(ip)}`,
    limit: settings.signInFailuresPerIp,
    windowSeconds: hour,
  };
}

/**
 * Counts the attempt as failed against every rule before its password (or code) is checked, and
 * refuses it, uncounted, once any count would pass its limit; `forgiveSignInAttempt` takes it off
 * again when the password is right. Counting first is what bounds a burst: each count is one
 * atomic upsert, so of any number of attempts sent at once only as many as the limit allows get
 * their password checked. Before 2026-11-29 the counts were read first and added to only once the
 * check had failed, so every request of a burst passed the read before any failure was counted:
 * thousands of guesses against a limit of 100 an hour (`sign-in-limits.test.ts`).
 */
export async function countSignInAttempt(
  limiter: RateLimiter,
  rules: readonly RateLimitRule[],
  what = 'failed sign-in attempts',
): Promise<void> {
  // One rule after the other, the caller's address first: once it is over its limit, nothing more is
  // counted or written (before 2026-11-30 each refused attempt naming a new account still left
  // that account's counter row behind, so one address could fill the table).
  for (const [index, rule] of rules.entries()) {
    const state = await limiter.hit(rule);
    if (!state.limited) continue;
    // A refused attempt checks nothing, so it is not kept against the account or the address.
    await forgiveSignInAttempt(limiter, rules.slice(0, index + 1));
    const retryAfter = state.retryAfterSeconds;
    throw new RateLimitedError(`Too many ${what}; try again in ${minutesFrom(retryAfter)}`, retryAfter);
  }
}

/** The password (or code) was right: the attempt `countSignInAttempt` counted is taken off. */
export async function forgiveSignInAttempt(
  limiter: RateLimiter,
  rules: readonly RateLimitRule[],
): Promise<void> {
  await Promise.all(rules.map((rule) => limiter.release(rule)));
}
