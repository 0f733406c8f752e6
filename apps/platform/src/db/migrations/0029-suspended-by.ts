import { type Kysely, sql } from 'kysely';

// Who suspended a client, and from which state (2026-12-02): a practice (its id) or the tenant's
// operator, from `invited` or `active`. Only they may lift it, and lifting it gives that state back
// (clients/managed-user-repository.ts); before, any practice the client consented to could lift an
// operator's or another practice's suspension, and a suspended invitee came back `active`.
//
// The suspensions already made are given theirs here: whoever wrote the client's last
// `client.suspend` audit row (an operator, or an adviser's practice); where no row says (or it was
// an adviser with no practice), the operator's, so that no practice lifts what it may not have set.
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
        select case when suspender.kind = 'adviser' then suspender.external_party_id end
        from audit_log
        join admin_users as suspender on suspender.id = audit_log.actor_id
        where audit_log.client_id = clients.id
          and audit_log.action = 'client.suspend'
          and audit_log.actor_kind = 'admin_user'
        order by audit_log.id desc
        limit 1
      )
    where status = 'suspended' and suspended_by_party_id is null and not suspended_by_operator`.execute(db);
  await sql`
    update clients set suspended_by_operator = true
    where status = 'suspended' and suspended_by_party_id is null and not suspended_by_operator`.execute(db);
}
