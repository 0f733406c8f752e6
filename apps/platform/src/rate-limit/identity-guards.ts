import { passwordRuleMessages } from '@waratah/contracts';
import type { PasswordRefusal, RegistrationGuard, SignInGuard } from '@waratah/identity';
import type { AuthSettings } from '../auth/auth-settings.ts';
import { isCommonPassword } from '../auth/passwords/is-common-password.ts';
import { countMailRequest } from './mail-limits.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { countSignInAttempt, forgiveSignInAttempt, signInRules } from './sign-in-limits.ts';

/**
 * The identity service's limits on the platform's counters, for the mounted identity and the one
 * run on its own alike: its sign-in form (and the account page's current password) counts failures
 * in the same per-account and per-IP buckets as the token endpoints, and each registration, which
 * sends a welcome e-mail, is counted with every other e-mail a request may send; a new password is
 * refused when it is on the platform's list of common ones. `host`'s limiter and settings are read
 * at each use: the platform decorates them after it creates the identity.
 */
export function identityGuards(host: { rateLimiter: RateLimiter; authSettings: AuthSettings }): {
  signInGuard: SignInGuard;
  registrationGuard: RegistrationGuard;
  refusePassword: PasswordRefusal;
} {
  return {
    // The platform's own rule on new passwords, so an SSO adviser cannot choose one a password
    // tenant's adviser may not (before 2026-11-29 the identity's pages took them).
    refusePassword: (password) => (isCommonPassword(password) ? passwordRuleMessages.common : undefined),
    signInGuard: {
      countAttempt: (attempt) =>
        countSignInAttempt(host.rateLimiter, signInRules(host.authSettings, attempt)),
      forgiveAttempt: (attempt) =>
        forgiveSignInAttempt(host.rateLimiter, signInRules(host.authSettings, attempt)),
    },
    registrationGuard: {
      assertAllowed: ({ tenantId, email, ip }) =>
        countMailRequest(host.rateLimiter, host.authSettings, { tenantId, email }, { ip }),
    },
  };
}
