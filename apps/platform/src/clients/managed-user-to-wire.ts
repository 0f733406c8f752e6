import type { ManagedUser } from '@waratah/contracts';
import type { ClientFreshness } from './client-freshness.ts';
import type { ManagedUserRow } from './managed-user-query.ts';

/** A timestamp column on the wire: ISO 8601, or null. */
export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * One client as the wire writes it, for `GET users/{id}` and its changes. The list writes the same
 * shape in SQL (`list-managed-users.ts`); its test compares every row of every order with this.
 */
export function managedUserToWire(
  row: ManagedUserRow & { foreign_invitation?: boolean },
  freshness: ClientFreshness,
): ManagedUser {
  // A practice's invitation of someone else's client shows as sent (`foreign-invitation.ts`).
  const invitation = row.foreign_invitation === true;
  return {
    id: row.id,
    email: row.email,
    given_name: invitation ? (row.invited_given_name ?? '') : row.given_name,
    family_name: invitation ? (row.invited_family_name ?? '') : row.family_name,
    status: invitation ? 'invited' : row.status,
    consent:
      row.consent_status === null
        ? null
        : {
            status: row.consent_status as NonNullable<ManagedUser['consent']>['status'],
            start: iso(row.consent_start),
            expiry: iso(row.consent_expiry),
          },
    last_refreshed: iso(freshness.last_refreshed),
    needs_action_count: freshness.needs_action_count,
    created_at: iso(invitation && row.linked_at !== null ? row.linked_at : row.created_at) as string,
  };
}
