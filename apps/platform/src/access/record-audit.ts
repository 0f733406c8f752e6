import type { Insertable, Kysely } from 'kysely';
import type { AdminUserPrincipal, ClientPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';

/**
 * Who acted: a principal, or an admin user who acted without one (setting a password from an
 * e-mailed link, registering), named by id with the address of the request.
 */
export type AuditActor =
  | Pick<AdminUserPrincipal, 'kind' | 'tenantId' | 'adminUserId' | 'ip'>
  | Pick<ClientPrincipal, 'kind' | 'tenantId' | 'clientId' | 'ip'>
  | SystemActor;

/** The platform itself, acting on its own schedule (the consent expiry sweep): no person, no address. */
export interface SystemActor {
  kind: 'system';
  tenantId: string;
  ip?: undefined;
}

export interface AuditEntry {
  actor: AuditActor;
  /** What happened, e.g. `client_data.read`, `transaction.update`. */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  clientId?: number | null;
  /** From where: by default the address the actor's request came from (`Principal.ip`). */
  ip?: string | null;
}

/**
 * One row of the audit log (DESIGN §3): every adviser access to client data and every change,
 * with who, when, what and from where. Pass the transaction of the change so both commit together.
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(entry)).execute();
}

/** The audit_log row of an entry. */
export function auditRow(entry: AuditEntry) {
  const { actor } = entry;
  return {
    tenant_id: actor.tenantId,
    actor_kind: actor.kind,
    actor_id: actor.kind === 'admin_user' ? actor.adminUserId : actor.kind === 'client' ? actor.clientId : 0,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    client_id: entry.clientId ?? null,
    ip: entry.ip ?? actor.ip ?? null,
  } satisfies Insertable<Database['audit_log']>;
}
