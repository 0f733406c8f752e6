import type { AuthSettings } from '../auth/auth-settings.ts';
import { minutesFrom, RateLimitedError } from './rate-limited-error.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';

const hour = 3600;

export interface SignInAttempt {
  tenantId: string;
  username: string;
  ip: string;
}

/** Failed sign-ins are counted per account (whatever the IP) and per IP (whatever the account). */
export function signInRules(settings: AuthSettings, attempt: SignInAttempt): RateLimitRule[] {
  return [
    {
      key: `sign-in:account:${attempt.tenantId}:${attempt.username.trim().toLowerCase()}`,
      limit: settings.signInFailuresPerAccount,
      windowSeconds: hour,
    },
    { key: `sign-in:ip:${attempt.ip}`, limit: settings.signInFailuresPerIp, windowSeconds: hour },
  ];
}

/** Refuses before the password is even checked once either count is used up. */
export async function assertSignInAllowed(
  limiter: RateLimiter,
  rules: readonly RateLimitRule[],
): Promise<void> {
  const states = await Promise.all(rules.map((rule) => limiter.peek(rule)));
  const limited = states.filter((state) => state.limited);
  if (limited.length === 0) return;
  const retryAfter = Math.max(...limited.map((state) => state.retryAfterSeconds));
  throw new RateLimitedError(
    `Too many failed sign-in attempts; try again in ${minutesFrom(retryAfter)}`,
    retryAfter,
  );
}

export async function recordSignInFailure(
  limiter: RateLimiter,
  rules: readonly RateLimitRule[],
): Promise<void> {
  await Promise.all(rules.map((rule) => limiter.hit(rule)));
}
