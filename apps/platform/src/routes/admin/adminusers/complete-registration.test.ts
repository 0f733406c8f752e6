import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTokenSecret } from '../../../auth/tokens/token-secret.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { accountMailSettled, latestMail, linkParameter } from '../../../testing/latest-mail.ts';
import {
  createSignedInAdminUser,
  inviteAdminUser,
  type SignedInAdminUser,
  tenantHost,
} from '../../../testing/sign-in.ts';

const host = tenantHost('waratahlabs');
const password = 'Echidna-Snuffles-At-Noon-64';

describe('registration of an address holding a pending invitation', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;
  let operator: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    adviser = await createSignedInAdminUser(testApp.app, { tenantId: 'waratahlabs' });
    operator = await createSignedInAdminUser(testApp.app, { tenantId: 'waratahlabs', kind: 'operator' });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.app.database.db;
  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, headers: { host }, payload });
  const accountOf = (email: string) =>
    db()
      .selectFrom('admin_users')
      .selectAll()
      .where('tenant_id', '=', 'waratahlabs')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  const registerAs = (email: string) =>
    post('/api/admin/adminusers/register', {
      email,
      given_name: 'Mallory',
      family_name: 'Taker',
      password: 'Attacker-Chosen-Password-9',
      password_confirmation: 'Attacker-Chosen-Password-9',
      terms_accepted: true,
    });

  it('leaves a colleague’s or an operator’s pending invitation as it is, answering as for any address', async () => {
    await inviteAdminUser(testApp.app, adviser, 'pia.colleague@example.test');
    await inviteAdminUser(testApp.app, operator, 'pia.operator@example.test');
    await accountMailSettled(testApp.app);
    const invitees = ['pia.colleague@example.test', 'pia.operator@example.test'];
    const before = await Promise.all(invitees.map(accountOf));

    const fresh = await registerAs('pia.new@example.test');
    expect(fresh.statusCode).toBe(202);
    for (const email of invitees) {
      const taken = await registerAs(email);
      expect(taken.statusCode).toBe(202);
      expect(taken.body).toBe(fresh.body.replaceAll('pia.new@example.test', email));
    }
    await accountMailSettled(testApp.app);

    // Not renamed, no terms accepted for them, no password, no audit, no code.
    expect(await Promise.all(invitees.map(accountOf))).toEqual(before);
    const registered = await db()
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'admin_user.register')
      .execute();
    expect(registered.map((row) => row.target_id)).toEqual([
      String((await accountOf('pia.new@example.test')).id),
    ]);
    const codes = await db()
      .selectFrom('one_time_tokens')
      .select('admin_user_id')
      .where('purpose', '=', 'email_verification')
      .where(
        'admin_user_id',
        'in',
        before.map((account) => account.id),
      )
      .execute();
    expect(codes).toEqual([]);

    // The invitee accepts from the newest link (the registration's note: below), under the names
    // they were invited with.
    const mail = await latestMail(testApp.app, 'pia.colleague@example.test');
    const accepted = await post('/api/admin/adminusers/reset/password', {
      invitation_token: linkParameter(mail, 'invitation_token'),
      password,
      password_confirmation: password,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await accountOf('pia.colleague@example.test')).toMatchObject({
      given_name: 'Pia',
      family_name: 'Invited',
      kind: 'adviser',
      external_party_id: adviser.adminUser.external_party_id,
      terms_accepted_at: null,
    });
  });

  it('sends an open invitation’s address a fresh link to accept it, and a suspended invitee or one of a practice in review nothing', async () => {
    const invitee = 'ivy.lapsed@example.test';
    await inviteAdminUser(testApp.app, adviser, invitee);
    const invitation = await latestMail(testApp.app, invitee);
    const before = await accountOf(invitee);
    const practice = await db()
      .selectFrom('external_parties')
      .select('name')
      .where('id', '=', before.external_party_id)
      .executeTakeFirstOrThrow();

    expect((await registerAs(invitee)).statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    const note = await latestMail(testApp.app, invitee);
    expect(note?.subject).toBe('Your invitation to the Waratah Labs Adviser Portal is waiting');
    expect(note?.text).toContain(
      `You have already been invited to the Waratah Labs Adviser Portal to join ${practice.name}, so no new account was made.`,
    );
    expect(note?.text).not.toContain('Mallory');
    expect(note?.links[0]?.label).toBe('Set password');
    // Left as the invitation made it; the link accepts it under the invitation's names.
    expect(await accountOf(invitee)).toEqual(before);
    // The invitation's own link still works: a registration, by anyone, must not spend it.
    const unused = async (message: typeof note) =>
      (
        await db()
          .selectFrom('one_time_tokens')
          .select('used_at')
          .where('token_hash', '=', hashTokenSecret(linkParameter(message, 'invitation_token')))
          .executeTakeFirstOrThrow()
      ).used_at === null;
    expect(await unused(invitation)).toBe(true);
    const accepted = await post('/api/admin/adminusers/reset/password', {
      invitation_token: linkParameter(note, 'invitation_token'),
      password,
      password_confirmation: password,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await accountOf(invitee)).toMatchObject({
      given_name: 'Pia',
      family_name: 'Invited',
      external_party_id: before.external_party_id,
    });
    // Accepted through one, the other is spent with it.
    expect(await unused(invitation)).toBe(false);
    expect((await registerAs(invitee)).statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    expect((await latestMail(testApp.app, invitee))?.subject).toBe(
      'You already have a Waratah Labs Adviser Portal account',
    );

    // A suspended invitee, and one whose practice is back in review (its link would not work).
    const suspended = 'ivy.suspended@example.test';
    const inReview = 'ivy.review@example.test';
    const otherPractice = await createSignedInAdminUser(testApp.app, { tenantId: 'waratahlabs' });
    await inviteAdminUser(testApp.app, adviser, suspended);
    await inviteAdminUser(testApp.app, otherPractice, inReview);
    await db()
      .updateTable('admin_users')
      .set({ status: 'suspended' })
      .where('email', '=', suspended)
      .execute();
    await db()
      .updateTable('external_parties')
      .set({ status: 'unverified' })
      .where('id', '=', otherPractice.adminUser.external_party_id)
      .execute();
    const sentBefore = await Promise.all(
      [suspended, inReview].map((email) => latestMail(testApp.app, email)),
    );
    for (const email of [suspended, inReview]) expect((await registerAs(email)).statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    expect(await Promise.all([suspended, inReview].map((email) => latestMail(testApp.app, email)))).toEqual(
      sentBefore,
    );
  });
});
