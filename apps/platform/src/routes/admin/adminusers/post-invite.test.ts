import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { latestMail, linkParameter } from '../../../testing/latest-mail.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../../../testing/sign-in.ts';

const host = 'moneypartner.localhost:8080';
const password = 'Kookaburra-Laughs-At-Dawn-7';

describe('POST /api/admin/adminusers/invite', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    adviser = await createSignedInAdminUser(testApp.app, { givenName: 'Ann', familyName: 'Lee' });
  });
  afterAll(() => testApp.close());

  function invite(headers: Record<string, string>, email: string) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/invite',
      headers,
      payload: { email, given_name: 'Bob', family_name: 'Colleague' },
    });
  }

  function acceptInvitation(token: string) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset/password',
      headers: { host },
      payload: { invitation_token: token, password, password_confirmation: password },
    });
  }

  it('invites a colleague into the practice, who sets a password once and signs in', async () => {
    const response = await invite(adviser.headers, 'bob@example.test');
    expect(response.statusCode).toBe(201);
    const mail = await latestMail(testApp.app, 'bob@example.test');
    expect(mail?.text).toContain('Ann Lee has invited you to the MoneyPartner Adviser Portal to join');
    expect(mail?.links[0]?.url).toMatch(/\/set-password\?invitation_token=/);
    const token = linkParameter(mail, 'invitation_token');

    expect((await acceptInvitation(token)).statusCode).toBe(200);
    expect((await acceptInvitation(token)).statusCode).toBe(400);
    const invitee = await testApp.database.db
      .selectFrom('admin_users')
      .select(['id', 'external_party_id', 'email_verified_at'])
      .where('email', '=', 'bob@example.test')
      .executeTakeFirstOrThrow();
    // The invitation is the inviter's change, the first password the invitee's: both audited.
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_id', 'ip'])
      .where('target_type', '=', 'admin_user')
      .where('target_id', '=', String(invitee.id))
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      {
        actor_id: adviser.adminUser.id,
        action: 'admin_user.invite',
        target_id: String(invitee.id),
        ip: '127.0.0.1',
      },
      {
        actor_id: invitee.id,
        action: 'admin_user.password.first',
        target_id: String(invitee.id),
        ip: '127.0.0.1',
      },
    ]);
    expect(invitee.external_party_id).toBe(adviser.externalParty?.id);
    expect(invitee.email_verified_at).not.toBeNull();
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host },
      payload: {
        grant_type: 'password',
        username: 'bob@example.test',
        password,
        client_id: 'moneypartner-adviser-portal',
        domain: 'moneypartner.com.au',
      },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses an invitation link after 7 days', async () => {
    await invite(adviser.headers, 'late@example.test');
    const token = linkParameter(await latestMail(testApp.app, 'late@example.test'), 'invitation_token');
    await testApp.database.db
      .updateTable('one_time_tokens')
      .set((eb) => ({ expires_at: eb.ref('created_at') }))
      .where('purpose', '=', 'invitation')
      .execute();
    const response = await acceptInvitation(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[0].field).toBe('body.invitation_token');
  });

  it('sets an invitation to expire in 7 days', async () => {
    await invite(adviser.headers, 'week@example.test');
    const row = await testApp.database.db
      .selectFrom('one_time_tokens')
      .innerJoin('admin_users', 'admin_users.id', 'one_time_tokens.admin_user_id')
      .select(['one_time_tokens.expires_at', 'one_time_tokens.created_at'])
      .where('admin_users.email', '=', 'week@example.test')
      .executeTakeFirstOrThrow();
    const days = (row.expires_at.getTime() - row.created_at.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
  });

  it('refuses an address that already has an account, and an adviser without a practice', async () => {
    expect((await invite(adviser.headers, adviser.adminUser.email)).statusCode).toBe(409);
    const withoutParty = await createSignedInAdminUser(testApp.app, { externalPartyStatus: null });
    expect((await invite(withoutParty.headers, 'x@example.test')).statusCode).toBe(403);
    expect((await invite({ host }, 'x@example.test')).statusCode).toBe(401);
  });
});
