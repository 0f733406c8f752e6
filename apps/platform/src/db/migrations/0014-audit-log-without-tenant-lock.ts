import { type Kysely, sql } from 'kysely';

// The audit log's rows no longer reference `tenants` (issue 10). Every audited request writes a
// row, and a foreign key checks each row written: a query of `tenants` that locks the tenant's
// row for the rest of the request's transaction. On PostgreSQL every concurrent request of a
// tenant locked the same row (shared through a MultiXact, its page dirtied and logged on each
// lock): about 10 µs of PostgreSQL's time a request, a quarter of it, measured side by side. On
// PGlite each check was a sequential scan of the three-row table, asking the file's size of
// PGlite's file system every time.
//
// What the key guarded is kept otherwise: a row's tenant is the principal's, which the server read
// from `admin_users` or `clients` (both keyed to `tenants`), never a caller's value; and no tenant
// is ever deleted (tenants come from the configuration). Were one deleted, its audit log would
// outlive it, as an audit log should, instead of going with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log drop constraint if exists audit_log_tenant_id_fkey`.execute(db);
}
