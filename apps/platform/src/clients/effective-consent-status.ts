import { type RawBuilder, sql } from 'kysely';

/**
 * A link's consent status as the adviser sees it: an active or in-use consent past its expiry
 * has ended, so it reads `expired` even before anything rewrites the row (the same rule as
 * `access/find-accessible-client.ts`, which stops sharing at the expiry).
 */
export function effectiveConsentStatus(link: string): RawBuilder<string> {
  const status = sql.ref(`${link}.consent_status`);
  const expiry = sql.ref(`${link}.consent_expiry`);
  return sql<string>`case when ${status} in ('active', 'in_use') and ${expiry} <= now() then 'expired' else ${status} end`;
}
