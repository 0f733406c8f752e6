import { type Kysely, sql } from 'kysely';

// The audit log's reads (issue 10, access/list-audit-log.ts), newest first by id, each down an
// index it can stop in at the end of a page: an operator's whole tenant by the primary key, now
// (tenant_id, id); one client's entries by (client_id, id); an adviser's practice by each of its
// advisers' own entries, (actor_id, id) over admin users' rows (an admin user's id is unique across
// tenants, and all its entries are in its own).
//
// The (…, at) indexes of migration 0006 served no read: the log is paged by id, and a timestamp
// does not order the rows one transaction writes. A primary key of id alone served none either,
// and with few tenants the planner preferred it to a tenant index, walking other tenants' entries.
// Every request writes a row here, so the table keeps three indexes, as it had.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_log_tenant_at`.execute(db);
  await sql`drop index audit_log_client`.execute(db);
  await sql`
    alter table audit_log
      drop constraint audit_log_pkey,
      add constraint audit_log_pkey primary key (tenant_id, id)`.execute(db);
  await sql`create index audit_log_client on audit_log (client_id, id)`.execute(db);
  await sql`
    create index audit_log_admin_user on audit_log (actor_id, id) where actor_kind = 'admin_user'`.execute(
    db,
  );
}
