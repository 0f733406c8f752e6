import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDatabase } from '../../db/platform-database.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createOneTimeTokenRepository } from './one-time-token-repository.ts';

describe('one-time tokens', () => {
  let database: PlatformDatabase;
  let adminUserId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insertInto('tenants').values({ id: 'waratah', name: 'Waratah' }).execute();
    const row = await database.db
      .insertInto('admin_users')
      .values({
        tenant_id: 'waratah',
        email: 'links@example.test',
        given_name: 'Link',
        family_name: 'Holder',
        permissions: '[]',
        roles: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    adminUserId = row.id;
  });
  afterAll(() => database.close());

  const liveResetLinks = async () =>
    (
      await database.db
        .selectFrom('one_time_tokens')
        .select('id')
        .where('admin_user_id', '=', adminUserId)
        .where('purpose', '=', 'reset_password')
        .where('used_at', 'is', null)
        .execute()
    ).length;
  const input = {
    tenantId: 'waratah' as const,
    purpose: 'reset_password' as const,
    ttlSeconds: 600,
  };

  it('keeps only the latest link of a purpose working', async () => {
    const tokens = createOneTimeTokenRepository(database.db);
    const first = await tokens.issueLinkToken({ ...input, adminUserId });
    const second = await tokens.issueLinkToken({ ...input, adminUserId });
    expect(await tokens.consumeLinkToken('waratah', 'reset_password', first)).toBeUndefined();
    expect(await tokens.consumeLinkToken('waratah', 'reset_password', second)).toBe(adminUserId);
    expect(await liveResetLinks()).toBe(0);
  });

  // PGlite runs one statement at a time: only PostgreSQL's connections can issue at once.
  it.runIf(process.env.DATABASE_URL)('leaves one link live when several are issued at once', async () => {
    const tokens = createOneTimeTokenRepository(database.db);
    // On PostgreSQL these run on connections of their own; each used to spend only the links
    // committed before it began, and several stayed live.
    for (let round = 0; round < 5; round++) {
      await Promise.all(Array.from({ length: 8 }, () => tokens.issueLinkToken({ ...input, adminUserId })));
      expect(await liveResetLinks(), `round ${round}`).toBe(1);
    }
  });
});
