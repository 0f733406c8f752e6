import type { ManagedUser } from '@waratah/contracts';
import type { ClientFreshness } from './client-freshness.ts';
import type { ManagedUserRow } from './managed-user-query.ts';

/** A timestamp column on the wire: ISO 8601, or null. */
export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * A timestamp as read: a `Date` from the driver, or text the database already wrote as the wire
 * has it (`db/iso-timestamp.ts`), passed on as it is.
 */
const wireTimestamp = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? value : value.toISOString();

/** A client's columns as read, timestamps as `Date`s or as the wire's text. */
type ManagedUserColumns = Omit<ManagedUserRow, 'created_at' | 'consent_start' | 'consent_expiry'> & {
  created_at: Date | string | null;
  consent_start: Date | string | null;
  consent_expiry: Date | string | null;
};

export function managedUserToWire(row: ManagedUserColumns, freshness: ClientFreshness): ManagedUser {
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
            start: wireTimestamp(row.consent_start),
            expiry: wireTimestamp(row.consent_expiry),
          },
    last_refreshed: wireTimestamp(freshness.last_refreshed),
    needs_action_count: freshness.needs_action_count,
    created_at: wireTimestamp(row.created_at) as string,
  };
}
