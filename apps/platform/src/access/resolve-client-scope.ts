import { apiHeaders } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import { readConfirmingCaller } from '../auth/confirm-principal.ts';
import type { Principal } from '../auth/principal.ts';
import { markConsentInUse } from '../consents/mark-consent-in-use.ts';
import { AppError } from '../errors/app-error.ts';
import type { AccessedClient } from './client-access-batch.ts';
import { readIdHeader } from './read-id-header.ts';
import { requireAdminUser, requirePrincipal } from './require-principal.ts';

/** Whose data an end-user request reads or changes, and who is asking. */
export interface ClientScope {
  tenantId: string;
  clientId: number;
  actor: Principal;
  /**
   * The client's data version as the access check read it (migrations 0010 and 0011): answers
   * computed from the client's transactions, accounts and connections are kept under it
   * (`client-answer-cache.ts`). Unset for a client reading its own data, which makes no access
   * statement.
   */
  dataVersion?: string;
}

/**
 * The one gate of every end-user path (`api/v2/…`). A client reaches its own data. An adviser or
 * operator names the client in X-User-Id and gets it only under the rules of
 * `findAccessibleClientId`; otherwise 404, never 403, so that a caller learns nothing about
 * clients it may not see. Every admin-user access is written to the audit log.
 */
export async function resolveClientScope(request: FastifyRequest): Promise<ClientScope> {
  const principal = requirePrincipal(request);
  const userId = readIdHeader(request, apiHeaders.userId);
  if (principal.kind === 'client') {
    if (userId !== undefined && userId !== principal.clientId) throw notFound();
    return { tenantId: principal.tenantId, clientId: principal.clientId, actor: principal };
  }
  if (userId === undefined) {
    const message = `${apiHeaders.userId} is required to act on behalf of a client`;
    throw new AppError('validation_failed', message, { fields: [{ field: 'headers.x-user-id', message }] });
  }
  // A caller taken from a recent lookup of its token (`auth/confirm-principal.ts`) is confirmed in
  // the access statement itself: no row unless the token is still live and names this caller.
  const client = await readConfirmingCaller(request, (unconfirmedTokenHash) =>
    accessClient(request, userId, unconfirmedTokenHash),
  );
  const db = request.server.database.db;
  const actor = requireAdminUser(request);
  // The practice now uses the shared data: an active consent becomes `in_use` (once; no write after).
  if (client.consent_status === 'active') await markConsentInUse(db, actor, client.client_id);
  const dataVersion = client.data_version ?? '0';
  return { tenantId: actor.tenantId, clientId: client.client_id, actor, dataVersion };
}

/**
 * The access check and, only when it passes (and, given `unconfirmedTokenHash`, only while the
 * caller's token still names it), the audit row: one statement, shared with the checks of other
 * requests waiting at the same time (`client-access-batch.ts`). No row: 404, or undefined while the
 * caller is unconfirmed.
 */
async function accessClient(
  request: FastifyRequest,
  userId: number,
  unconfirmedTokenHash: string | undefined,
): Promise<AccessedClient | undefined> {
  const caller = requireAdminUser(request);
  if (caller.role === 'adviser' && caller.externalPartyId === null) throw notFound();
  const client = await request.server.clientAccess.check({
    caller,
    clientId: userId,
    unconfirmedTokenHash,
    action: `client_data.${request.method.toLowerCase()}`,
    targetId: request.routeOptions.url ?? null,
    ip: request.ip,
  });
  if (client === undefined && unconfirmedTokenHash === undefined) throw notFound();
  return client;
}

function notFound(): AppError {
  return new AppError('not_found', 'There is no such client');
}
