import type { AdminUserRow } from '../../../auth/admin-users/create-admin-user.ts';

/**
 * An account the password tenants' registration wrote and its owner has not confirmed yet: an
 * active adviser of no practice, its address unverified, as the identity's `registerAdviser` tells
 * its own registrations from invitations. Only such an account is renamed by a registration again,
 * and sent or checked a code (`complete-registration.ts`, `account-mail-job.ts`,
 * `post-verify-email.ts`). An invitation's account (a practice's adviser, or an operator), also
 * unverified and without a password, is its invitee's to accept from the invitation's link:
 * before 2026-12-02 a registration of its address renamed it, and the verify step's code confirmed
 * it and handed whoever asked a link to choose its password.
 */
export function isRegistrationAccount(user: AdminUserRow): boolean {
  return (
    user.kind === 'adviser' &&
    user.external_party_id === null &&
    user.status === 'active' &&
    user.email_verified_at === null
  );
}
