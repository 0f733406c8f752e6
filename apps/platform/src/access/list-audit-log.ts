import type { AuditLogEntry, AuditLogQuery } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import { enabledPracticeId } from '../clients/enabled-practice-id.ts';
import type { Database } from '../db/database-schema.ts';
import { isoTimestamp } from '../db/iso-timestamp.ts';

export interface AuditLogPage {
  data: AuditLogEntry[];
  paging: { cursors: { after?: string } };
}

/**
 * The audit log as an admin user may read it (DESIGN §3, issue 10), newest first: an operator
 * reads every entry of its tenant; an adviser, the entries of its own practice's advisers (their
 * reads of client data and their changes), while the practice is enabled (404 otherwise, as the
 * client list). A client's own changes and other practices' advisers' entries are not an adviser's
 * to read, even about a client they share. Each page ends with a cursor to the older entries.
 */
export async function listAuditLog(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  query: AuditLogQuery,
): Promise<AuditLogPage> {
  const partyId =
    principal.role === 'operator'
      ? undefined
      : await enabledPracticeId(db, principal, 'There is no audit log for this adviser');
  let select = db
    .selectFrom('audit_log as a')
    .leftJoin('admin_users as u', (join) =>
      join
        .onRef('u.id', '=', 'a.actor_id')
        .onRef('u.tenant_id', '=', 'a.tenant_id')
        .on('a.actor_kind', '=', 'admin_user'),
    )
    .select([
      'a.id',
      isoTimestamp(sql.ref('a.at')).$notNull().as('at'),
      'a.actor_kind',
      'a.actor_id',
      'u.email as actor_email',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.client_id',
      'a.ip',
    ])
    .where('a.tenant_id', '=', principal.tenantId)
    .orderBy('a.id', 'desc')
    .limit(query.size + 1);
  if (partyId !== undefined)
    select = select.where('a.actor_kind', '=', 'admin_user').where('u.external_party_id', '=', partyId);
  if (query.after !== undefined) select = select.where('a.id', '<', Number(query.after));
  if (query.client_id !== undefined) select = select.where('a.client_id', '=', query.client_id);
  const rows = await select.execute();
  const data = rows.slice(0, query.size);
  const last = data.at(-1);
  return {
    data,
    paging: { cursors: rows.length > query.size && last ? { after: String(last.id) } : {} },
  };
}
