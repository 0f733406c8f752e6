import { oauthErrorBodySchema, tokenResponseSchema } from '@waratah/contracts';
import { endEverySignIn } from '@waratah/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserRow } from '../../auth/admin-users/create-admin-user.ts';
import { hashPassword } from '../../auth/passwords/hash-password.ts';
import type { Database } from '../../db/database-schema.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createTestAdviser } from '../../testing/create-test-adviser.ts';
import { holdLocked, waitForALockWait } from '../../testing/lock-wait.ts';
import { adminPasswordSignIn } from '../../testing/sign-in.ts';

const host = 'moneypartner.localhost:8080';
const oldPassword = 'Old-Harbour-Password-2029';
const newPassword = 'New-Harbour-Password-2031';

/**
 * A password sign-in reads the account, checks the password (argon2, tens of ms) and then issues
 * its tokens: a new password or a suspension committed in between must not leave it tokens that
 * outlive the revocations they made (docs/authentication.md, "A new password ends every sign-in").
 * The change is made exactly there, deterministically: right after the grant has read the account
 * (`adminUsers.findByEmail`), before its password is checked.
 */
describe('a password sign-in under way when the account changes', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // One failure an hour: a refusal that was counted would lock the account at once.
    testApp = await buildTestApp({ credentials: { settings: { signInFailuresPerAccount: 1 } } });
  });
  afterAll(() => testApp.close());

  async function adviser(): Promise<AdminUserRow> {
    const { adminUser } = await createTestAdviser(testApp.database.db, {
      tenantId: 'moneypartner',
      password: oldPassword,
      practiceStatus: 'enabled',
    });
    return adminUser;
  }

  function signIn(user: AdminUserRow, password: string) {
    return adminPasswordSignIn(testApp.app, { host, email: user.email, password });
  }

  /** The sign-in's tokens, live or not: any row at all would be one the change did not end. */
  const tokensOf = (user: AdminUserRow) =>
    testApp.database.db
      .selectFrom('oauth_tokens')
      .select(['kind', 'revoked_at'])
      .where('subject_kind', '=', 'admin_user')
      .where('subject_id', '=', user.id)
      .execute();

  /** Runs `change` (committed) right after the grant has read `user`'s account, once. */
  async function signInWhile(user: AdminUserRow, password: string, change: () => Promise<unknown>) {
    const adminUsers = testApp.app.adminUsers;
    const findByEmail = adminUsers.findByEmail;
    let changed = false;
    adminUsers.findByEmail = async (tenantId, email) => {
      const found = await findByEmail(tenantId, email);
      if (found?.id === user.id && !changed) {
        changed = true;
        await change();
      }
      return found;
    };
    try {
      return await signIn(user, password);
    } finally {
      adminUsers.findByEmail = findByEmail;
      expect(changed).toBe(true);
    }
  }

  /** The platform's own reset, through an e-mailed link's `POST reset/password`: it sets the new password and ends every sign-in. */
  async function resetPassword(user: AdminUserRow) {
    const token = await testApp.app.oneTimeTokens.issueLinkToken({
      tenantId: 'moneypartner',
      adminUserId: user.id,
      purpose: 'reset_password',
      ttlSeconds: 3600,
    });
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset/password',
      headers: { host },
      payload: { reset_password_token: token, password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.statusCode).toBe(200);
  }

  it('refuses a sign-in with the old password whose account was reset after it was read, as a wrong password, and writes no token', {
    timeout: 20_000,
  }, async () => {
    const user = await adviser();
    const answer = await signInWhile(user, oldPassword, () => resetPassword(user));
    expect(answer.statusCode).toBe(400);
    expect(oauthErrorBodySchema.parse(answer.json())).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid email or password',
    });
    expect(await tokensOf(user)).toEqual([]);
    // Audited as the failed sign-in it is, after the answer.
    await expect
      .poll(() =>
        testApp.database.db
          .selectFrom('audit_log')
          .select('action')
          .where('actor_kind', '=', 'admin_user')
          .where('actor_id', '=', user.id)
          .where('action', 'like', 'session.%')
          .execute(),
      )
      .toEqual([{ action: 'session.sign_in_failed' }]);
    // Not counted against the account (a limit of 1 would refuse the next attempt): the owner who
    // reset it signs in with the new password at once.
    expect((await signIn(user, newPassword)).statusCode).toBe(200);
    expect((await signIn(user, oldPassword)).statusCode).toBe(400);
  });

  it('refuses a sign-in whose account was suspended after it was read, and writes no token', {
    timeout: 20_000,
  }, async () => {
    const user = await adviser();
    const answer = await signInWhile(user, oldPassword, () =>
      testApp.database.db.transaction().execute(async (trx) => {
        await trx.updateTable('admin_users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
        await endEverySignIn<Database>(trx, user.id);
      }),
    );
    expect(answer.statusCode).toBe(400);
    expect(oauthErrorBodySchema.parse(answer.json())).toEqual({
      error: 'invalid_grant',
      error_description: 'This account is suspended',
    });
    expect(await tokensOf(user)).toEqual([]);
  });

  it('still signs in when the account’s row was written meanwhile but its password and standing are the same', {
    timeout: 20_000,
  }, async () => {
    const user = await adviser();
    const answer = await signInWhile(user, oldPassword, () =>
      testApp.database.db
        .updateTable('admin_users')
        .set({ updated_at: new Date() })
        .where('id', '=', user.id)
        .execute(),
    );
    expect(answer.statusCode).toBe(200);
    const token = tokenResponseSchema.parse(answer.json());
    const details = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/adminusers/details',
      headers: { host, authorization: `Bearer ${token.access_token}` },
    });
    expect(details.statusCode).toBe(200);
    expect((await tokensOf(user)).map((row) => [row.kind, row.revoked_at])).toEqual([
      ['access', null],
      ['refresh', null],
    ]);
  });

  // Needs a second connection: the reset is under way (its new password written, every sign-in
  // ended, not yet committed) while the sign-in with the old password reads the account as it was
  // committed, checks that password and comes to issue.
  it.runIf(process.env.DATABASE_URL)(
    'makes a sign-in that checked the old password wait for a reset under way, then refuses it',
    { timeout: 20_000 },
    async () => {
      const user = await adviser();
      const db = testApp.database.db;
      const newHash = await hashPassword(newPassword);
      const reset = await holdLocked(db, async (trx) => {
        await testApp.app.adminUsers.setPasswordHash(user.id, newHash, trx);
        await endEverySignIn<Database>(trx, user.id);
      });
      let answer: Awaited<ReturnType<typeof signIn>> | undefined;
      try {
        const signingIn = signIn(user, oldPassword);
        // Before 2026-12-03 it issued without waiting: this never came, and its tokens outlived the reset.
        await waitForALockWait(db, 'The sign-in never waited for the reset under way');
        await reset.release();
        answer = await signingIn;
      } finally {
        await reset.release();
      }
      expect(answer?.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'Invalid email or password',
      });
      expect(
        (await tokensOf(user)).filter((row) => row.revoked_at === null),
        'a live token of the old password',
      ).toEqual([]);
    },
  );
});
