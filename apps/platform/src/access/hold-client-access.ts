import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { consentingLinkQuery } from './find-accessible-client.ts';
import type { ClientScope } from './resolve-client-scope.ts';

/**
 * For a write that a withdrawal must take with it (an export: derived from the data shared under
 * the consent, deleted when it ends): holds an adviser's consent for the rest of the transaction.
 * The consenting link is locked `FOR SHARE`, so a withdrawal or expiry of it waits until the write
 * commits and then deletes it; one that committed after the request's access check is seen here
 * (PostgreSQL reads the locked row again) and the write answers 404, as the check would now.
 * The client and an operator need no consent: nothing to hold.
 */
export async function holdConsentFor(trx: Kysely<Database>, scope: ClientScope): Promise<void> {
  const { actor } = scope;
  if (actor.kind !== 'admin_user' || actor.role !== 'adviser') return;
  const held = await consentingLinkQuery(trx, scope.tenantId, actor.externalPartyId, scope.clientId)
    .forShare('link')
    .executeTakeFirst();
  if (!held) throw new AppError('not_found', 'There is no such client');
}
