import type { Kysely } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * The adviser's own practice (external party), its id and name, when it is enabled; otherwise 404
 * with `message`, as for anything the caller may not see (an operator, an adviser without a
 * practice, or a practice that is unverified or disabled). Inviting a client or a colleague asks it
 * too: an invitation names the practice, and only an enabled one's name was checked by an operator.
 */
export async function enabledPractice(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  message: string,
): Promise<{ id: number; name: string }> {
  const partyId = principal.role === 'adviser' ? principal.externalPartyId : null;
  const party =
    partyId === null
      ? undefined
      : await db
          .selectFrom('external_parties')
          .select(['id', 'name', 'status'])
          .where('id', '=', partyId)
          .where('tenant_id', '=', principal.tenantId)
          .executeTakeFirst();
  if (party?.status !== 'enabled') throw new AppError('not_found', message);
  return { id: party.id, name: party.name };
}

/** `enabledPractice`'s id. */
export async function enabledPracticeId(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  message: string,
): Promise<number> {
  return (await enabledPractice(db, principal, message)).id;
}
