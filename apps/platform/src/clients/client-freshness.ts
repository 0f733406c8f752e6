import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';

export interface ClientFreshness {
  last_refreshed: Date | string | null;
  needs_action_count: number;
}

export const noFreshness: ClientFreshness = { last_refreshed: null, needs_action_count: 0 };

/**
 * Whether a row of the list may show its client's data freshness (when their banks were last read,
 * how many connections need action): that is the client's data, so an adviser sees it only under
 * the client's live consent to the practice (`active` or `in_use`, not past its expiry), not for
 * an invitation still pending (which may be another practice's client) or a consent that ended.
 * An operator (no consent on the row) sees it for every client of the tenant.
 */
export function showsFreshness(consentStatus: string | null): boolean {
  return consentStatus === null || consentStatus === 'active' || consentStatus === 'in_use';
}

/**
 * When each client's data was last refreshed and how many of their connections need action, in
 * one grouped query over the given clients only: a page of the list costs the same with 20
 * clients or 10,000 (computing it per row before sorting would visit every client's connections).
 */
export async function clientFreshness(
  db: Kysely<Database>,
  clientIds: readonly number[],
): Promise<(clientId: number) => ClientFreshness> {
  if (clientIds.length === 0) return () => noFreshness;
  const rows = await db
    .selectFrom('provider_accounts')
    .where('client_id', 'in', clientIds)
    .groupBy('client_id')
    .select((eb) => [
      'client_id',
      eb.fn.max('last_refreshed').as('last_refreshed'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'needs_action').as('needs_action_count'),
    ])
    .execute();
  const byClient = new Map(
    rows.map((row) => [
      row.client_id,
      { last_refreshed: row.last_refreshed, needs_action_count: Number(row.needs_action_count) },
    ]),
  );
  return (clientId) => byClient.get(clientId) ?? noFreshness;
}
