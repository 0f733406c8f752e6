import { type Kysely, sql } from 'kysely';

// Who suspended a client, and from which state (2026-12-02): a practice (its id) or the tenant's
// operator, from `invited` or `active`. Only they may lift it, and lifting it gives that state back
// (clients/managed-user-repository.ts); before, any practice the client consented to could lift an
// operator's or another practice's suspension, and a suspended invitee came back `active`.
// Suspensions made before record no one: anyone who may change the client may lift one, or claim
// it by suspending again. Their state is worked out here: `invited` for a client who never signed
// up (no password), else `active`. Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table clients
      add column if not exists suspended_by_party_id integer,
      add column if not exists suspended_by_operator boolean not null default false,
      add column if not exists suspended_from text check (suspended_from in ('invited', 'active'))`.execute(
    db,
  );
  await sql`
    update clients set suspended_from = case when password_hash is null then 'invited' else 'active' end
    where status = 'suspended' and suspended_from is null`.execute(db);
}
