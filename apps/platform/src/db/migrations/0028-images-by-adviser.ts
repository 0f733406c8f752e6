import { type Kysely, sql } from 'kysely';

// An adviser's images are read by `admin_user_id` as well as by practice: its image list (its own
// and its practice's) and, since 2026-12-01, the image quota of an adviser without a practice
// (images/images-repository.ts). Only the practice had an index. Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists images_admin_user on images (admin_user_id)`.execute(db);
}
