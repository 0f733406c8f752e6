import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireAdminUser } from '../access/require-principal.ts';
import { confirmPrincipal, readConfirmingCaller } from '../auth/confirm-principal.ts';
import { tokenStillNamesQuery } from '../auth/tokens/token-repository.ts';

/**
 * What an adviser's client list is computed from, as a key to keep its pages under
 * (`keptAnswer`): the practice, its list version (migration 0012: links, clients and connections)
 * and its next consent expiry (from which a consent reads `expired` with no write). Undefined when
 * the list is not kept: an operator's (the whole tenant, not versioned) and an adviser's whose
 * practice is not enabled (its 404 is computed). One statement, which also confirms a caller taken
 * from a recent lookup of its token (`readConfirmingCaller`); other callers are confirmed first.
 */
export async function practiceListVersionKey(request: FastifyRequest): Promise<string[] | undefined> {
  const first = requireAdminUser(request);
  if (first.role !== 'adviser' || first.externalPartyId === null) {
    await confirmPrincipal(request);
    return undefined;
  }
  const state = await readConfirmingCaller(request, async (unconfirmedTokenHash) => {
    const caller = requireAdminUser(request);
    const partyId = caller.externalPartyId;
    if (caller.role !== 'adviser' || partyId === null) return { key: undefined };
    const tokenStillNamesCaller =
      unconfirmedTokenHash === undefined
        ? sql<boolean>`true`
        : sql<boolean>`exists (${tokenStillNamesQuery(request.server.database.db, {
            tokenHash: unconfirmedTokenHash,
            tenantId: caller.tenantId,
            adminUserId: caller.adminUserId,
            role: caller.role,
            externalPartyId: partyId,
          })})`;
    const { rows } = await sql<{ enabled: boolean; version: string | null; next_expiry: string | null }>`
      select
        exists (
          select 1 from external_parties
          where id = ${partyId} and tenant_id = ${caller.tenantId} and status = 'enabled'
        ) as enabled,
        (select version::text from practice_list_versions where external_party_id = ${partyId}) as version,
        (select to_char(min(consent_expiry) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') from client_links
          where external_party_id = ${partyId} and consent_status in ('active', 'in_use')
            and consent_expiry > now()) as next_expiry
      where ${tokenStillNamesCaller}`.execute(request.server.database.db);
    const row = rows[0];
    if (row === undefined) return undefined;
    if (!row.enabled) return { key: undefined };
    return {
      key: [caller.tenantId, `practice ${partyId}`, row.version ?? '0', row.next_expiry ?? 'no expiry'],
    };
  });
  return state.key;
}
