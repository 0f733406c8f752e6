import type { IdentityDb } from '../storage/identity-database.ts';
import { recordIdentityAudit } from '../storage/record-identity-audit.ts';
import { hashPassword } from './password-hashing.ts';
import { meetsPasswordRules, type PasswordRefusal, passwordCriteriaMessage } from './password-rules.ts';

export interface Registration {
  givenName: string;
  familyName: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  termsAccepted: boolean;
}

export type RegistrationResult =
  | { ok: true; outcome: 'registered'; adminUserId: number }
  /** The address has an account: its owner, when it is a confirmed active one, is to be told. */
  | { ok: true; outcome: 'already-registered'; adminUserId: number | undefined }
  /** The address holds an invitation nobody accepted yet: its owner is to be told how to accept it. */
  | { ok: true; outcome: 'invitation-waiting'; adminUserId: number }
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
  const refusal = meetsPasswordRules(registration.password)
    ? refuse?.(registration.password)
    : passwordCriteriaMessage;
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
 *
 * An address that has an account already is answered as a new one would be (the page says the
 * same, so it tells no one whose address has an account; before 2026-11-30 it said "already
 * exists"): a confirmed account is left as it is, its owner to be told (`already-registered`); an
 * invitation nobody accepted yet is left as it is, its invitee to be told how to accept it
 * (`invitation-waiting`); an
 * active adviser's account never confirmed (registered here, not invited) takes the new name and password, as the platform's
 * registration does, so that whoever registered someone else's address first cannot keep the
 * account once its owner registers (its confirmation asks for the password chosen here).
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
  const email = registration.email.trim();
  const profile = {
    given_name: registration.givenName.trim(),
    family_name: registration.familyName.trim(),
    password_hash: passwordHash,
    terms_accepted_at: new Date(),
  };
  const register = () =>
    db.transaction().execute(async (trx): Promise<RegistrationResult> => {
      const existing = await trx
        .selectFrom('admin_users')
        .select(['id', 'kind', 'status', 'email_verified_at', 'password_hash'])
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .forUpdate()
        .executeTakeFirst();
      // Only a registration's own row is taken over: an invited adviser's (no password yet, and a
      // practice already) is theirs to accept from the invitation's link.
      const registeredOnly =
        existing?.kind === 'adviser' && existing.status === 'active' && existing.password_hash !== null;
      if (existing && (existing.email_verified_at || !registeredOnly)) {
        // An invitation (active, unconfirmed, no password yet): most likely its invitee, whose link
        // lapsed, registering. Before 2026-12-03 they were sent nothing.
        if (existing.status === 'active' && !existing.email_verified_at && existing.password_hash === null)
          return { ok: true, outcome: 'invitation-waiting', adminUserId: existing.id };
        const owner = existing.email_verified_at && existing.status === 'active' ? existing.id : undefined;
        return { ok: true, outcome: 'already-registered', adminUserId: owner };
      }
      const row = existing
        ? await trx
            .updateTable('admin_users')
            .set({ ...profile, updated_at: new Date() })
            .where('id', '=', existing.id)
            .returning('id')
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('admin_users')
            .values({
              ...profile,
              tenant_id: tenantId,
              email,
              kind: 'adviser',
              roles: JSON.stringify(['adviser']),
              email_verified_at: null,
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
      return { ok: true, outcome: 'registered', adminUserId: row.id };
    });
  try {
    return await register();
  } catch (error) {
    // Two first registrations of one address at once: the second meets the first's row.
    if (isUniqueViolation(error)) return register();
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
