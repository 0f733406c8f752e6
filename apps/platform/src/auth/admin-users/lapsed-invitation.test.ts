import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { accountMailSettled, latestMail, linkParameter } from '../../testing/latest-mail.ts';
import { waitForALockWait } from '../../testing/lock-wait.ts';
import {
  createSignedInAdminUser,
  inviteAdminUser,
  type SignedInAdminUser,
  tenantHost,
} from '../../testing/sign-in.ts';
import type { AdminUserRow } from './create-admin-user.ts';
import { type Registrant, takeOverLapsedInvitation } from './lapsed-invitation.ts';

const host = tenantHost('moneypartner');
const password = 'Wombat-Burrows-Under-Gums-8';
const registrant: Registrant = { givenName: 'Rae', familyName: 'Registrant', passwordHash: null };

/**
 * The guarded takeover of an invitation nobody can accept any more, met by what may happen between
 * a registration's read of the account and its takeover: a new link, an acceptance, another
 * registration, a suspension. Each wins over the stale read.
 */
describe('takeOverLapsedInvitation', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    adviser = await createSignedInAdminUser(testApp.app);
  });
  afterAll(() => testApp.close());

  const db = () => testApp.app.database.db;
  const accountOf = (email: string) =>
    db()
      .selectFrom('admin_users')
      .selectAll()
      .where('tenant_id', '=', 'moneypartner')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  /** Every link the account was sent expires. */
  const lapse = (accountId: number) =>
    db()
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date('2001-01-01T00:00:00Z') })
      .where('admin_user_id', '=', accountId)
      .execute();
  const takeOver = (read: AdminUserRow, who: Registrant = registrant) =>
    db()
      .transaction()
      .execute((trx) => takeOverLapsedInvitation(trx, read, who));
  const invitationLink = async (email: string) =>
    linkParameter(await latestMail(testApp.app, email), 'invitation_token');

  it('leaves an invitation whose link works as it is', async () => {
    await inviteAdminUser(testApp.app, adviser, 'live.one@example.test');
    const read = await accountOf('live.one@example.test');
    expect(await takeOver(read)).toEqual({ outcome: 'live' });
    expect(await accountOf('live.one@example.test')).toEqual(read);
  });

  it('leaves an invitation sent a new link since the registration read it', async () => {
    await inviteAdminUser(testApp.app, adviser, 'again@example.test');
    const read = await accountOf('again@example.test');
    await lapse(read.id);
    // The practice invites the address again before the takeover.
    await inviteAdminUser(testApp.app, adviser, 'again@example.test');
    expect(await takeOver(read)).toEqual({ outcome: 'live' });
    expect(await accountOf('again@example.test')).toEqual({
      ...read,
      updated_at: expect.any(Date),
    });
  });

  it('leaves an invitation accepted since the registration read it', async () => {
    await inviteAdminUser(testApp.app, adviser, 'accepted@example.test');
    const read = await accountOf('accepted@example.test');
    const accepted = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset/password',
      headers: { host },
      payload: {
        invitation_token: await invitationLink('accepted@example.test'),
        password,
        password_confirmation: password,
      },
    });
    expect(accepted.statusCode).toBe(200);
    // Its link is spent by now: only the guard on the account itself tells it was accepted.
    await lapse(read.id);
    expect(await takeOver(read)).toEqual({ outcome: 'changed' });
    expect(await accountOf('accepted@example.test')).toMatchObject({
      external_party_id: adviser.externalParty?.id,
      email_verified_at: expect.any(Date),
      given_name: 'Pia',
    });
  });

  it('leaves an invitation another registration took over since it was read', async () => {
    await inviteAdminUser(testApp.app, adviser, 'raced@example.test');
    const read = await accountOf('raced@example.test');
    await lapse(read.id);
    const first = await takeOver(read, { givenName: 'First', familyName: 'Comer', passwordHash: 'first' });
    expect(first).toMatchObject({ outcome: 'taken', account: { id: read.id, external_party_id: null } });
    // The second comes with the same stale read: a registration's own account now, which a
    // registration again renames and clears the password of, never one to take over with its own.
    expect(await takeOver(read, { ...registrant, passwordHash: 'second' })).toEqual({ outcome: 'changed' });
    expect(await accountOf('raced@example.test')).toMatchObject({
      given_name: 'First',
      password_hash: 'first',
    });
  });

  it('leaves an invitation suspended since it was read', async () => {
    await inviteAdminUser(testApp.app, adviser, 'suspended@example.test');
    const read = await accountOf('suspended@example.test');
    await lapse(read.id);
    await db().updateTable('admin_users').set({ status: 'suspended' }).where('id', '=', read.id).execute();
    expect(await takeOver(read)).toEqual({ outcome: 'changed' });
    expect((await accountOf('suspended@example.test')).external_party_id).toBe(adviser.externalParty?.id);
  });

  it.runIf(process.env.DATABASE_URL)(
    'waits for a new link being issued at the same time, and then leaves the invitation to it',
    async () => {
      await inviteAdminUser(testApp.app, adviser, 'meanwhile@example.test');
      const read = await accountOf('meanwhile@example.test');
      await lapse(read.id);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let issued = () => {};
      const linkWritten = new Promise<void>((resolve) => {
        issued = resolve;
      });
      // A new invitation's link, written and not yet committed: its transaction holds the account.
      const issuing = db()
        .transaction()
        .execute(async (trx) => {
          await testApp.app.oneTimeTokens.issueLinkToken(
            { tenantId: 'moneypartner', adminUserId: read.id, purpose: 'invitation', ttlSeconds: 3600 },
            trx,
          );
          issued();
          await released;
        });
      await linkWritten;
      const takeover = takeOver(read);
      await waitForALockWait(db(), 'the takeover never waited for the account');
      release();
      await issuing;
      expect(await takeover).toEqual({ outcome: 'live' });
      expect((await accountOf('meanwhile@example.test')).external_party_id).toBe(adviser.externalParty?.id);
    },
  );

  it('spends every link and code of the invitation it takes over', async () => {
    await inviteAdminUser(testApp.app, adviser, 'spent@example.test');
    const read = await accountOf('spent@example.test');
    await lapse(read.id);
    await accountMailSettled(testApp.app);
    expect(await takeOver(read)).toMatchObject({ outcome: 'taken' });
    const unused = await db()
      .selectFrom('one_time_tokens')
      .select('purpose')
      .where('admin_user_id', '=', read.id)
      .where('used_at', 'is', null)
      .execute();
    expect(unused).toEqual([]);
  });
});
