import { type Kysely, sql } from 'kysely';

// The names an adviser typed when inviting a client, kept on the practice's link: while the
// invitation is pending for a client who is someone else's too (another practice's, or signed up),
// the practice's list shows these, not the client's own (`clients/foreign-invitation.ts`). Links
// from before have none, and show empty names then. Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table client_links
    add column if not exists invited_given_name text,
    add column if not exists invited_family_name text`.execute(db);
}
