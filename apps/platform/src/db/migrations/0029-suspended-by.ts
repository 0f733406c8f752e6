import { type Kysely, sql } from 'kysely';

// Who suspended a client, and from which state (2026-12-02): a practice (its id) or the tenant's
// operator, from `invited` or `active`. Only they may lift it, and lifting it gives that state back
// (clients/managed-user-repository.ts); before, any practice the client consented to could lift an
// operator's or another practice's suspension, and a suspended invitee came back `active`.
//
// The suspensions already made are given theirs here: a practice when every `client.suspend`
// audit row of the client was written by its advisers (before 2026-12-02 a suspension sent again
// was audited too, so the last row need not be the maker's); otherwise, or with no row, the
// operator's, so that no practice lifts what it may not have set.
// Their state: `invited` for a client who never signed up (no password), else `active`. Safe to
// apply again: only suspensions that name no one are given one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table clients
      add column if not exists suspended_by_party_id integer,
      add column if not exists suspended_by_operator boolean not null default false,
      add column if not exists suspended_from text check (suspended_from in ('invited', 'active'))`.execute(
    db,
  );
  await sql`
    update clients set
      suspended_from = coalesce(
        suspended_from,
        case when password_hash is null then 'invited' else 'active' end
      ),
      suspended_by_party_id = (
        select case
          when count(*) filter (where suspender.kind <> 'adviser' or suspender.external_party_id is null) = 0
            and count(distinct suspender.external_party_id) = 1
          then min(suspender.external_party_id)
        end
        from audit_log
        join admin_users as suspender on suspender.id = audit_log.actor_id
        where audit_log.client_id = clients.id
          and audit_log.action = 'client.suspend'
          and audit_log.actor_kind = 'admin_user'
      )
    where status = 'suspended' and suspended_by_party_id is null and not suspended_by_operator`.execute(db);
  await sql`
    update clients set suspended_by_operator = true
    where status = 'suspended' and suspended_by_party_id is null and not suspended_by_operator`.execute(db);
}
