import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { consentingLinkQuery, currentConsentLinks, enabledPracticeQuery } from './find-accessible-client.ts';
import type { ClientScope } from './resolve-client-scope.ts';

/**
 * For a write to a client's data made under a consent (a change to their transactions, accounts,
 * goals, details or connections; an export or a bank connection, which the end of the consent
 * takes with it): holds the consents behind the caller's access for the rest of the transaction,
 * locking their links `FOR SHARE`. A withdrawal or expiry
 * of one then waits until the write commits, and deletes what it wrote; one that committed after
 * the request's access check is seen here (PostgreSQL reads a locked row again once it is free).
 *
 * - An adviser needs its practice's consent and its practice enabled: either gone, the write
 *   answers 404, as the access check would now.
 * - An operator needs none, but what it writes goes when the client's last consent ends: every
 *   current consent of the client is held, so that ending waits too.
 * - The client's own writes stay whatever its consents: nothing to hold.
 */
export async function holdConsentFor(trx: Kysely<Database>, scope: ClientScope): Promise<void> {
  const { actor } = scope;
  if (actor.kind !== 'admin_user') return;
  if (actor.role === 'operator') {
    await currentConsentLinks(trx, scope.tenantId, scope.clientId)
      // One order for every holder, so two never wait on each other.
      .orderBy('id')
      .forShare()
      .execute();
    return;
  }
  // The practice must still be enabled, as the access check asked: a disable that committed since
  // refuses the write too (before 2026-12-03 only the consent was asked again).
  const held = await consentingLinkQuery(trx, scope.tenantId, actor.externalPartyId, scope.clientId)
    .where(({ exists }) => exists(enabledPracticeQuery(trx, scope.tenantId, actor.externalPartyId)))
    .forShare('link')
    .executeTakeFirst();
  if (!held) throw new AppError('not_found', 'There is no such client');
}
