import type { IdentityDb } from '../storage/identity-database.ts';
import { recordIdentityAudit } from '../storage/record-identity-audit.ts';
import { hashPassword } from './password-hashing.ts';
import { brokenPasswordRules, type PasswordRefusal, passwordCriteriaMessage } from './password-rules.ts';

export interface Registration {
  givenName: string;
  familyName: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  termsAccepted: boolean;
}

export type RegistrationResult =
  | { ok: true; adminUserId: number }
  | { ok: false; errors: Record<string, string> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Letters of any script, spaces, apostrophes, hyphens and full stops: what people's names hold.
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;

/** Field name → message, in the spec's words (§5); empty when the registration may proceed. */
export function validateRegistration(
  registration: Registration,
  refuse?: PasswordRefusal,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const nameError = (value: string, missing: string, invalid: string) =>
    value.trim() === '' ? missing : !NAME.test(value.trim()) || value.length > 100 ? invalid : undefined;
  const given = nameError(
    registration.givenName,
    'Please enter your first name',
    'Please enter a valid first name',
  );
  const family = nameError(
    registration.familyName,
    'Please enter your last name.',
    'Please enter a valid last name',
  );
  if (given) errors.given_name = given;
  if (family) errors.family_name = family;
  // The length first: the pattern takes time with the square of its input's length, and a form
  // posted as JSON is not held to the form's 16 KiB (200,000 characters took seconds, before 2026-11-30).
  if (registration.email.length > 254 || !EMAIL.test(registration.email.trim())) {
    errors.email = 'Please enter a valid email address';
  }
  const refusal =
    brokenPasswordRules(registration.password).length > 0
      ? passwordCriteriaMessage
      : refuse?.(registration.password);
  if (refusal) errors.password = refusal;
  if (registration.password !== registration.passwordConfirmation) {
    errors.password_confirmation = 'Passwords do not match';
  }
  if (!registration.termsAccepted) errors.terms = 'Please agree to the terms and privacy policy';
  return errors;
}

/**
 * Creates the adviser's admin user in the tenant, with its `admin_user.register` audit row (the
 * registrant as the actor, `ip` as from where) in the same transaction; their practice is
 * registered later in the portal.
 */
export async function registerAdviser(
  db: IdentityDb,
  tenantId: string,
  registration: Registration,
  ip: string,
  refuse?: PasswordRefusal,
): Promise<RegistrationResult> {
  const errors = validateRegistration(registration, refuse);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const passwordHash = await hashPassword(registration.password);
  try {
    const adminUserId = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('admin_users')
        .values({
          tenant_id: tenantId,
          email: registration.email.trim(),
          given_name: registration.givenName.trim(),
          family_name: registration.familyName.trim(),
          kind: 'adviser',
          roles: JSON.stringify(['adviser']),
          password_hash: passwordHash,
          email_verified_at: null,
          terms_accepted_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordIdentityAudit(trx, {
        tenantId,
        adminUserId: row.id,
        action: 'admin_user.register',
        targetType: 'admin_user',
        targetId: row.id,
        ip,
      });
      return row.id;
    });
    return { ok: true, adminUserId };
  } catch (error) {
    if (isUniqueViolation(error)) {
      return {
        ok: false,
        errors: { email: 'An account with this email address already exists. Please sign in.' },
      };
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
