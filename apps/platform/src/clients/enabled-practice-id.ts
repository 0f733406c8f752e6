import type { Kysely } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * The adviser's own practice (external party) when it is enabled; otherwise 404 with `message`, as
 * for anything the caller may not see (an operator, an adviser without a practice, or a practice
 * that is unverified or disabled).
 */
export async function enabledPracticeId(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  message: string,
): Promise<number> {
  const partyId = principal.role === 'adviser' ? principal.externalPartyId : null;
  const party =
    partyId === null
      ? undefined
      : await db
          .selectFrom('external_parties')
          .select('status')
          .where('id', '=', partyId)
          .where('tenant_id', '=', principal.tenantId)
          .executeTakeFirst();
  if (partyId === null || party?.status !== 'enabled') throw new AppError('not_found', message);
  return partyId;
}
