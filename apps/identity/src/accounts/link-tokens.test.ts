import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDatabase } from '../../../platform/src/db/platform-database.ts';
import { createTestDatabase } from '../../../platform/src/testing/test-database.ts';
import type { IdentityDb } from '../storage/identity-database.ts';
import {
  emailVerificationLink,
  issueLinkToken,
  type LinkPurpose,
  linkTokenAccount,
  passwordResetLink,
} from './link-tokens.ts';

describe('issueLinkToken', () => {
  let database: PlatformDatabase;
  let db: IdentityDb;
  let adminUserId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as unknown as IdentityDb;
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

  const liveLinks = async (purpose: LinkPurpose) =>
    (await db.selectFrom('identity_store').select('id').where('model', '=', purpose.model).execute()).length;

  it('keeps only the newest link of a purpose working', async () => {
    const first = await issueLinkToken(db, passwordResetLink, adminUserId);
    const verification = await issueLinkToken(db, emailVerificationLink, adminUserId);
    const second = await issueLinkToken(db, passwordResetLink, adminUserId);
    expect(await linkTokenAccount(db, passwordResetLink, first)).toBeUndefined();
    expect(await linkTokenAccount(db, passwordResetLink, second)).toBe(adminUserId);
    // Another purpose's link is left alone.
    expect(await linkTokenAccount(db, emailVerificationLink, verification)).toBe(adminUserId);
  });

  // PGlite runs one statement at a time: only PostgreSQL's connections can issue at once.
  it.runIf(process.env.DATABASE_URL)('leaves one link live when several are issued at once', async () => {
    // Two mail jobs for one adviser at once, on connections of their own: each used to delete only
    // the links committed before it began, and several stayed live (before 2026-12-03).
    for (let round = 0; round < 5; round++) {
      await Promise.all(Array.from({ length: 8 }, () => issueLinkToken(db, passwordResetLink, adminUserId)));
      expect(await liveLinks(passwordResetLink), `round ${round}`).toBe(1);
    }
  });
});
