import { adminPermissionAreas } from '@waratah/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdviser } from '../../testing/create-test-adviser.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../migrate.ts';
import type { PlatformDatabase } from '../platform-database.ts';
import { seedDatabase } from '../seed.ts';

const name = '0036-operator-permission-areas';

describe('migration 0036: operators’ permission areas', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
  });
  afterAll(() => database.close());

  it('gives the operators there every area, leaves advisers none, and keeps areas to operators', async () => {
    const db = database.db;
    // The database as it was before: no check, every operator's areas stored empty.
    await sql`alter table admin_users drop constraint if exists admin_users_areas_of_operators`.execute(db);
    await sql`delete from kysely_migration where name >= ${name}`.execute(db);
    const password = 'Operator-Areas-Test-1';
    const tenantId = 'moneypartner';
    const operator = await createTestAdviser(db, {
      tenantId,
      password,
      practiceStatus: null,
      kind: 'operator',
      permissions: [],
    });
    const adviser = await createTestAdviser(db, { tenantId, password, practiceStatus: 'enabled' });

    expect(await migrateToLatest(db)).toEqual([name]);
    const areasOf = async (id: number) =>
      (
        await db
          .selectFrom('admin_users')
          .select('permissions')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).permissions;
    expect(await areasOf(operator.adminUser.id)).toEqual([...adminPermissionAreas]);
    expect(await areasOf(adviser.adminUser.id)).toEqual([]);

    // An operator granted some areas since keeps exactly those; an adviser may hold none.
    await db
      .updateTable('admin_users')
      .set({ permissions: JSON.stringify(['audit']) })
      .where('id', '=', operator.adminUser.id)
      .execute();
    expect(await areasOf(operator.adminUser.id)).toEqual(['audit']);
    await expect(
      db
        .updateTable('admin_users')
        .set({ permissions: JSON.stringify(['audit']) })
        .where('id', '=', adviser.adminUser.id)
        .execute(),
    ).rejects.toThrow(/admin_users_areas_of_operators/);
    await expect(
      db
        .updateTable('admin_users')
        .set({ permissions: JSON.stringify({ audit: true }) })
        .where('id', '=', operator.adminUser.id)
        .execute(),
    ).rejects.toThrow(/admin_users_areas_of_operators/);
  });
});
