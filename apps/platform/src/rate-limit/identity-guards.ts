import { adviserWebPortalPlatformKey, passwordRuleMessages } from '@waratah/contracts';
import type { PasswordRefusal, RegistrationGuard, SignInAttempt, SignInGuard } from '@waratah/identity';
import type { Environment, TenantId } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import { createAppConfigRepository } from '../app-config/app-config-repository.ts';
import { enabledFeatures } from '../app-config/tenant-features.ts';
import type { AuthSettings } from '../auth/auth-settings.ts';
import { isCommonPassword } from '../auth/passwords/is-common-password.ts';
import type { Database } from '../db/database-schema.ts';
import { countMailRequest } from './mail-limits.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';
import { knownSignInDevice, rememberSignInDevice, signInDeviceTtlSeconds } from './sign-in-devices.ts';
import { countSignInAttempt, forgiveSignInAttempt, signInRules } from './sign-in-limits.ts';

/**
 * The identity service's limits on the platform's counters, for the mounted identity and the one
 * run on its own alike: its sign-in form (and the account page's current password) counts failures
 * in the same per-account and per-IP buckets as the token endpoints, and each registration, which
 * sends a welcome e-mail, is counted with every other e-mail a request may send; a new password is
 * refused when it is on the platform's list of common ones; registration is open while the
 * portal's app config has `ta_register` on. A browser that signed in to the
 * account before (its device cookie, `sign-in-devices.ts`) is counted on its own. `host`'s limiter
 * and settings are read at each use: the platform decorates them after it creates the identity.
 */
export function identityGuards(
  host: { rateLimiter: RateLimiter; authSettings: AuthSettings },
  db: Kysely<Database>,
): {
  signInGuard: SignInGuard;
  registrationGuard: RegistrationGuard;
  refusePassword: PasswordRefusal;
} {
  // One look-up of the browser per attempt: the rules forgiven are the very rules counted, even
  // when the browser's device row expires between the two.
  const rules = new WeakMap<SignInAttempt, Promise<RateLimitRule[]>>();
  const appConfigs = createAppConfigRepository(db);
  // The identity signs in admin users (advisers) only.
  const adviser = (attempt: SignInAttempt) => ({ ...attempt, audience: 'admin_user' as const });
  const rulesOf = (attempt: SignInAttempt) => {
    let found = rules.get(attempt);
    if (!found) {
      found = knownSignInDevice(db, attempt.device, adviser(attempt)).then((knownDevice) =>
        signInRules(host.authSettings, { ...attempt, knownDevice }),
      );
      rules.set(attempt, found);
    }
    return found;
  };
  return {
    // The platform's own rule on new passwords, so an SSO adviser cannot choose one a password
    // tenant's adviser may not (before 2026-11-29 the identity's pages took them).
    refusePassword: (password) => (isCommonPassword(password) ? passwordRuleMessages.common : undefined),
    signInGuard: {
      countAttempt: async (attempt) => countSignInAttempt(host.rateLimiter, await rulesOf(attempt)),
      forgiveAttempt: async (attempt) => forgiveSignInAttempt(host.rateLimiter, await rulesOf(attempt)),
      rememberDevice: async (attempt) => ({
        token: await rememberSignInDevice(db, attempt.device, adviser(attempt)),
        maxAgeSeconds: signInDeviceTtlSeconds,
      }),
    },
    registrationGuard: {
      assertAllowed: ({ tenantId, email, ip }) =>
        countMailRequest(host.rateLimiter, host.authSettings, { tenantId, email }, { ip }),
      // The portal offers registration only with `ta_register` on (spec §6), and the password
      // tenants' `adminusers/register` refuses it off: the identity's pages follow the same switch.
      isOpen: async ({ tenantId, environment }) =>
        enabledFeatures(
          await appConfigs.findAppConfig({
            tenantId: tenantId as TenantId,
            environment: environment as Environment,
            platformKey: adviserWebPortalPlatformKey,
          }),
        ).has('ta_register'),
    },
  };
}
