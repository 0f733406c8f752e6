import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('leaves a colleague’s or an operator’s pending invitation as it is, answering as for any address', async () => {
    await inviteAdminUser(testApp.app, adviser, 'pia.colleague@example.test');
    await inviteAdminUser(testApp.app, operator, 'pia.operator@example.test');
    await accountMailSettled(testApp.app);
    const invitees = ['pia.colleague@example.test', 'pia.operator@example.test'];
    const before = await Promise.all(invitees.map(accountOf));

    const registerAs = (email: string) =>
      post('/api/admin/adminusers/register', {
        email,
        given_name: 'Mallory',
        family_name: 'Taker',
        password: 'Attacker-Chosen-Password-9',
        password_confirmation: 'Attacker-Chosen-Password-9',
        terms_accepted: true,
      });
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

    // The invitee accepts from the invitation's link, under the names they were invited with.
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
});
