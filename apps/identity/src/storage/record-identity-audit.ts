import type { IdentityDb } from './identity-database.ts';

/** What an adviser did at the identity: sign in (or fail to), sign out, register, change a password. */
export interface IdentityAuditEntry {
  tenantId: string;
  adminUserId: number;
  /** As the platform names them: `session.sign_in`, `session.sign_in_failed`, `session.sign_out`, … */
  action: string;
  targetType: string;
  targetId: string | number;
  /** The address the request came from (the mounting app's `trustProxy` decides which). */
  ip: string;
}

/**
 * One row of the platform's audit log (docs/security.md, "Audit log"), with the same columns the
 * platform's own `recordAudit` fills, so advisers and operators read the identity's events beside
 * the platform's. Pass the transaction of the change so both commit together.
 */
export async function recordIdentityAudit(db: IdentityDb, entry: IdentityAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      tenant_id: entry.tenantId,
      actor_kind: 'admin_user',
      actor_id: entry.adminUserId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      client_id: null,
      ip: entry.ip,
    })
    .execute();
}
