import { apiHeaders } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { confirmPrincipal } from '../auth/confirm-principal.ts';
import type { Principal } from '../auth/principal.ts';
import { markConsentInUse } from '../consents/mark-consent-in-use.ts';
import { AppError } from '../errors/app-error.ts';
import { accessibleClientQuery } from './find-accessible-client.ts';
import { readIdHeader } from './read-id-header.ts';
import { auditRow } from './record-audit.ts';
import { requirePrincipal } from './require-principal.ts';

/** Whose data an end-user request reads or changes, and who is asking. */
export interface ClientScope {
  tenantId: string;
  clientId: number;
  actor: Principal;
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
  const db = request.server.database.db;
  const access = accessibleClientQuery(db, principal, userId);
  if (access === undefined) throw notFound();
  // A caller taken from a recent lookup of its token (`auth/confirm-principal.ts`) is confirmed
  // here, in the same statement: no row unless the token is still live and names this caller.
  const unconfirmed = request.unconfirmedPrincipal;
  const callerConfirmed = unconfirmed ? sql`exists (${unconfirmed.stillNamed()})` : sql`true`;
  // One round trip: the access check, and the audit row written only when it passes.
  const audit = auditRow({
    actor: principal,
    action: `client_data.${request.method.toLowerCase()}`,
    targetType: 'route',
    targetId: request.routeOptions.url ?? null,
    clientId: userId,
    ip: request.ip,
  });
  const { rows } = await sql<{ client_id: number; consent_status: string | null }>`
    with access as (${access})
    insert into audit_log (tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip)
    select ${audit.tenant_id}::text, ${audit.actor_kind}::text, ${audit.actor_id}::int, ${audit.action}::text,
      ${audit.target_type}::text, ${audit.target_id}::text, access.id, ${audit.ip}::text
    from access
    where ${callerConfirmed}
    returning client_id, (select consent_status from access) as consent_status`.execute(db);
  const client = rows[0];
  if (client === undefined) {
    // Refused: the token first (401 if it is gone), then the access check alone, as it is now.
    if (unconfirmed) {
      await confirmPrincipal(request);
      return resolveClientScope(request);
    }
    throw notFound();
  }
  request.unconfirmedPrincipal = null;
  const clientId = client.client_id;
  // The practice now uses the shared data: an active consent becomes `in_use` (once; no write after).
  if (client.consent_status === 'active') await markConsentInUse(db, principal, clientId);
  return { tenantId: principal.tenantId, clientId, actor: principal };
}

function notFound(): AppError {
  return new AppError('not_found', 'There is no such client');
}
