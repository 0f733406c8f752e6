import { adminPermissionAreas } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';

// Operators' permission areas are checked from 2026-12-04 (`auth/operator-areas.ts`). Until then
// `admin_users.permissions` was stored, always empty, and never read: every operator reached every
// operator route. The operators there are keep that reach, so that none is locked out by the
// upgrade (every area of spec §3); those invited from now on hold what their invitation grants. A
// check keeps areas to operators (an adviser's reach is its practice's) and the column an array.
// Applying it again (as the migration tests do) gives every area once more to operators holding none.
export async function up(db: Kysely<unknown>): Promise<void> {
  const everyArea = JSON.stringify(adminPermissionAreas);
  await sql`
    update admin_users set permissions = ${everyArea}::jsonb, updated_at = now()
    where kind = 'operator' and permissions = '[]'::jsonb`.execute(db);
  await sql`update admin_users set permissions = '[]'::jsonb where kind = 'adviser' and permissions <> '[]'::jsonb`.execute(
    db,
  );
  await sql`alter table admin_users drop constraint if exists admin_users_areas_of_operators`.execute(db);
  await sql`
    alter table admin_users add constraint admin_users_areas_of_operators
      check (jsonb_typeof(permissions) = 'array' and (kind = 'operator' or permissions = '[]'::jsonb))`.execute(
    db,
  );
}
