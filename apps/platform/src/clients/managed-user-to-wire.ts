import type { ManagedUser } from '@waratah/contracts';
import type { ClientFreshness } from './client-freshness.ts';
import type { ManagedUserRow } from './managed-user-query.ts';

/** A timestamp column on the wire: ISO 8601, or null. */
export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * One client as the wire writes it, for `GET users/{id}` and its changes. The list writes the same
 * shape in SQL (`list-managed-users.ts`); its test compares every row of every order with this.
 */
export function managedUserToWire(row: ManagedUserRow, freshness: ClientFreshness): ManagedUser {
  return {
    id: row.id,
    email: row.email,
    given_name: row.given_name,
    family_name: row.family_name,
    status: row.status,
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
    created_at: iso(row.created_at) as string,
  };
}
