import { type Kysely, sql } from 'kysely';

// When an account joined its practice, if it had a history before it did (2026-12-03). An
// invitation into a practice takes over a registration nobody confirmed (complete-invitation.ts,
// `takeOverRegistration`), and the account's entries from before then are the registrant's, not
// the practice's: its `admin_user.register`, its failed sign-ins, each with the address and IP of
// whoever sent them. The practice's audit log (access/list-audit-log.ts) leaves out an adviser's
// entries dated before this; read in full, it told the inviter which addresses had been registered
// and from where. Null for every other account, whose history is its practice's: created into the
// practice, or a registrant that registered its own (`linkExternalParty`), or of none. No account
// was taken over before this migration (the takeover came with it), so none is filled. Safe to
// apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admin_users add column if not exists practice_joined_at timestamptz`.execute(db);
}
