import { apiHeaders } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import { readConfirmingCaller } from '../auth/confirm-principal.ts';
import type { Principal } from '../auth/principal.ts';
import { markConsentInUse } from '../consents/mark-consent-in-use.ts';
import { AppError } from '../errors/app-error.ts';
import { accessibleClientQuery } from './find-accessible-client.ts';
import { readIdHeader } from './read-id-header.ts';
import { auditRow } from './record-audit.ts';
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
  const client = await readConfirmingCaller(request, (callerConfirmed) =>
    accessClient(request, userId, callerConfirmed),
  );
  const db = request.server.database.db;
  const actor = requireAdminUser(request);
  // The practice now uses the shared data: an active consent becomes `in_use` (once; no write after).
  if (client.consent_status === 'active') await markConsentInUse(db, actor, client.client_id);
  const dataVersion = client.data_version ?? '0';
  return { tenantId: actor.tenantId, clientId: client.client_id, actor, dataVersion };
}

/** What the access statement answers of a client the caller may see. */
interface AccessedClient {
  client_id: number;
  consent_status: string | null;
  /** Null until the client's transactions, accounts or connections are first written. */
  data_version: string | null;
}

/**
 * One round trip: the access check, and the audit row written only when it passes (and, given
 * `callerConfirmed`, only while the caller's token still names it). No row: 404, or undefined under
 * `callerConfirmed`.
 */
async function accessClient(
  request: FastifyRequest,
  userId: number,
  callerConfirmed: Expression<SqlBool> | undefined,
): Promise<AccessedClient | undefined> {
  const principal = requireAdminUser(request);
  const db = request.server.database.db;
  const access = accessibleClientQuery(db, principal, userId);
  if (access === undefined) throw notFound();
  const audit = auditRow({
    actor: principal,
    action: `client_data.${request.method.toLowerCase()}`,
    targetType: 'route',
    targetId: request.routeOptions.url ?? null,
    clientId: userId,
    ip: request.ip,
  });
  const { rows } = await sql<AccessedClient>`
    with access as (${access})
    insert into audit_log (tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip)
    select ${audit.tenant_id}::text, ${audit.actor_kind}::text, ${audit.actor_id}::int, ${audit.action}::text,
      ${audit.target_type}::text, ${audit.target_id}::text, access.id, ${audit.ip}::text
    from access
    where ${callerConfirmed ?? sql`true`}
    returning client_id, (select consent_status from access) as consent_status,
      (select version::text from client_data_versions v where v.client_id = audit_log.client_id) as data_version`.execute(
    db,
  );
  if (rows[0] === undefined && callerConfirmed === undefined) throw notFound();
  return rows[0];
}

function notFound(): AppError {
  return new AppError('not_found', 'There is no such client');
}
