import { type Kysely, sql } from 'kysely';

// An operator serves every practice of its tenant and belongs to none (2026-12-03). Before
// 2026-12-02 an operator could register a practice and be linked to it, and the operators it invited
// after that were linked to it too; nothing undid those links. Through them the practice's advisers
// read the operator's entries in their audit log (its tenant-wide reads, other practices' clients'
// among them), and the practice's images and image quota were the operator's too. The links are
// taken away here, and a check keeps any from being written again: an adviser may have a practice,
// an operator never. (The images such an operator uploaded under the practice stay the practice's,
// as `images.external_party_id` says; migration 0029 already read an operator's suspensions as the
// operator's, not the practice's.) Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update admin_users set external_party_id = null, updated_at = now()
    where kind = 'operator' and external_party_id is not null`.execute(db);
  await sql`alter table admin_users drop constraint if exists admin_users_operator_without_practice`.execute(
    db,
  );
  await sql`
    alter table admin_users add constraint admin_users_operator_without_practice
      check (kind = 'adviser' or external_party_id is null)`.execute(db);
}
