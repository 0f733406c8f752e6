import type { AuditLogEntry, AuditLogQuery } from '@waratah/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import { enabledPracticeId } from '../clients/enabled-practice.ts';
import type { AuditLogTable, Database } from '../db/database-schema.ts';
import { isoTimestamp } from '../db/iso-timestamp.ts';

export interface AuditLogPage {
  data: AuditLogEntry[];
  paging: { cursors: { after?: string } };
}

/** An entry's columns as the API answers them (`at` beside them, written by the database). */
const entryColumns = [
  'a.id',
  'a.actor_kind',
  'a.actor_id',
  'u.email as actor_email',
  'a.action',
  'a.target_type',
  'a.target_id',
  'a.client_id',
  'a.ip',
] as const;

/** An admin user's row, written as a literal: the partial index `audit_log_admin_user` needs it so. */
const byAdminUser = sql.lit<'admin_user'>('admin_user');

/**
 * The audit log as an admin user may read it (DESIGN §3, issue 10), newest first: an operator
 * reads every entry of its tenant; an adviser, the entries of its own practice's advisers (their
 * reads of client data and their changes), while the practice is enabled (404 otherwise, as the
 * client list). A client's own changes and other practices' advisers' entries are not an adviser's
 * to read, even about a client they share; nor an operator's, even one linked to the practice
 * (as some were before 2026-12-02, until migration 0033: before 2026-12-03 the practice read such
 * an operator's tenant-wide reads, other practices' clients' among them). Nor an adviser's entries
 * from before it joined the practice: an account an invitation took over from a registration nobody
 * confirmed (`practice_joined_at`, migration 0034) has its registrant's (its `admin_user.register`,
 * failed sign-ins, with whoever's address and IP), which told the inviter that the address had been
 * registered. Each page ends with a cursor to the older entries.
 *
 * Every read goes down an index of migration 0013: the tenant's and a practice's (each of its
 * advisers' own entries, a page from each, merged) backwards to the end of the page, however long
 * the log; one client's entries by the client's index, so at most as far as that client's entries go.
 * An adviser's entries before it joined are left out by a filter on the rows the scan reads, which
 * chooses no index: a taken-over adviser's scan reads past its registrant's few entries at most.
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
  const read: EntriesRead = {
    tenantId: principal.tenantId,
    limit: query.size + 1,
    after: query.after === undefined ? undefined : Number(query.after),
  };
  const rows =
    partyId !== undefined && query.client_id === undefined
      ? await practiceEntries(db, read, partyId)
      : await tenantEntries(db, read, partyId, query.client_id);
  const data = rows.slice(0, query.size).map((row) => ({ ...row, id: Number(row.id) }));
  const last = data.at(-1);
  return {
    data,
    paging: { cursors: rows.length > query.size && last ? { after: String(last.id) } : {} },
  };
}

/** An entry as read: its 64-bit id as the engine's driver reads one (database-schema.ts). */
type EntryRow = Omit<AuditLogEntry, 'id'> & { id: Selectable<AuditLogTable>['id'] };

/** What every read of the log is bounded by: the tenant, a page and one more, older than `after`. */
interface EntriesRead {
  tenantId: string;
  limit: number;
  after: number | undefined;
}

/**
 * The tenant's entries (its primary key, `(tenant_id, id)`), or one client's (`audit_log_client`); an adviser's
 * practice (`partyId`) keeps only its own advisers' among the client's.
 */
function tenantEntries(
  db: Kysely<Database>,
  { tenantId, limit, after }: EntriesRead,
  partyId: number | undefined,
  clientId: number | undefined,
): Promise<EntryRow[]> {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('admin_users as u', (join) =>
      join
        .onRef('u.id', '=', 'a.actor_id')
        .onRef('u.tenant_id', '=', 'a.tenant_id')
        .on('a.actor_kind', '=', byAdminUser),
    )
    .select(entryColumns)
    .select(isoTimestamp(sql.ref('a.at')).$notNull().as('at'))
    .where('a.tenant_id', '=', tenantId)
    .$if(clientId !== undefined, (select) => select.where('a.client_id', '=', clientId as number))
    .$if(partyId !== undefined, (select) =>
      select
        .where('u.external_party_id', '=', partyId as number)
        .where('u.kind', '=', 'adviser')
        .where((eb) =>
          eb.or([eb('u.practice_joined_at', 'is', null), eb('a.at', '>=', eb.ref('u.practice_joined_at'))]),
        ),
    )
    .$if(after !== undefined, (select) => select.where('a.id', '<', after as number))
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * An adviser's practice: for each of its advisers, the newest `limit` of their own entries
 * (`audit_log_admin_user`), then the newest `limit` of those. A practice's advisers are few; the
 * log, every request of every practice, is not.
 */
function practiceEntries(
  db: Kysely<Database>,
  { tenantId, limit, after }: EntriesRead,
  partyId: number,
): Promise<EntryRow[]> {
  return db
    .selectFrom('admin_users as u')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('audit_log as e')
          .selectAll('e')
          .where('e.tenant_id', '=', tenantId)
          .where('e.actor_kind', '=', byAdminUser)
          .whereRef('e.actor_id', '=', 'u.id')
          .where((eb) =>
            eb.or([eb('u.practice_joined_at', 'is', null), eb('e.at', '>=', eb.ref('u.practice_joined_at'))]),
          )
          .$if(after !== undefined, (select) => select.where('e.id', '<', after as number))
          .orderBy('e.id', 'desc')
          .limit(limit)
          .as('a'),
      (join) => join.onTrue(),
    )
    .select(entryColumns)
    .select(isoTimestamp(sql.ref('a.at')).$notNull().as('at'))
    .where('u.tenant_id', '=', tenantId)
    .where('u.external_party_id', '=', partyId)
    .where('u.kind', '=', 'adviser')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}
