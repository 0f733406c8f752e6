import { type Kysely, sql } from 'kysely';

// The platform's own changes are audited too (DESIGN §3: every change): the expiry sweep's end of
// a consent, and the deletion of the data it covered, are the platform's, not a person's. Such a
// row's actor is `system`, with actor id 0. Safe to apply again (the check is dropped, then added).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log drop constraint if exists audit_log_actor_kind_check`.execute(db);
  // Added unchecked, then checked: the check of every row holds a lock that lets rows still be
  // written (the audit log gets one a request), where adding it checked would hold every writer.
  await sql`alter table audit_log add constraint audit_log_actor_kind_check
    check (actor_kind in ('admin_user', 'client', 'system')) not valid`.execute(db);
  await sql`alter table audit_log validate constraint audit_log_actor_kind_check`.execute(db);
}
