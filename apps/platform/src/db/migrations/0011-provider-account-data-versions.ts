import { type Kysely, sql } from 'kysely';

// A client's connections (`provider_accounts`: their status and refresh state) are part of what the
// accounts list answers, so writing them raises the client's data version too (migration 0010), and
// that list can be kept under it (access/client-answer-cache.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger provider_accounts_data_version_insert after insert on provider_accounts
      referencing new table as new_rows for each statement execute function client_data_versions_bump()`.execute(
    db,
  );
  await sql`
    create trigger provider_accounts_data_version_update after update on provider_accounts
      referencing old table as old_rows new table as new_rows
      for each statement execute function client_data_versions_bump()`.execute(db);
  await sql`
    create trigger provider_accounts_data_version_delete after delete on provider_accounts
      referencing old table as old_rows for each statement execute function client_data_versions_bump()`.execute(
    db,
  );
}
