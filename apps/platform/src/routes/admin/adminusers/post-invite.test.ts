import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { accountMailSettled, latestMail, linkParameter } from '../../../testing/latest-mail.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../../../testing/sign-in.ts';
import { completeInvitation } from './complete-invitation.ts';

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

  /** Invites, and waits for the queued invitation's job to have written and sent what it does. */
  async function invite(headers: Record<string, string>, email: string) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/invite',
      headers,
      payload: { email, given_name: 'Bob', family_name: 'Colleague' },
    });
    await accountMailSettled(testApp.app);
    return response;
  }

  function accountOf(email: string) {
    return testApp.database.db
      .selectFrom('admin_users')
      .select(['id', 'kind', 'external_party_id', 'password_hash', 'email_verified_at', 'given_name'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  }

  /** The audit rows of invitations of an address: one per request, whatever the address holds. */
  function inviteAudits(email: string) {
    return testApp.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'ip'])
      .where('action', '=', 'admin_user.invite')
      .where('target_type', '=', 'email')
      .where('target_id', '=', email)
      .execute();
  }

  /** Audit rows naming an account as the target of an invitation: none since 2026-11-30. */
  function accountInviteAudits(id: number) {
    return testApp.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'admin_user.invite')
      .where('target_id', '=', String(id))
      .execute();
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
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { email: 'bob@example.test', email_verified: false } });
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
    // The invitation is the inviter's change (of the address asked for), the first password the
    // invitee's: both audited.
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_id', 'ip'])
      .where((eb) =>
        eb.or([
          eb.and([eb('target_type', '=', 'admin_user'), eb('target_id', '=', String(invitee.id))]),
          eb.and([eb('target_type', '=', 'email'), eb('target_id', '=', 'bob@example.test')]),
        ]),
      )
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      {
        actor_id: adviser.adminUser.id,
        action: 'admin_user.invite',
        target_id: 'bob@example.test',
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

  it('answers an address with an account as a new one, changes nothing and tells only its owner', async () => {
    const other = await createSignedInAdminUser(testApp.app, { givenName: 'Cy', familyName: 'Other' });
    const before = await accountOf(other.adminUser.email);
    const taken = await invite(adviser.headers, other.adminUser.email);
    const fresh = await invite(adviser.headers, 'dee.new@example.test');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body.replace(other.adminUser.email, '…')).toBe(
      fresh.body.replace('dee.new@example.test', '…'),
    );
    expect(await accountOf(other.adminUser.email)).toEqual(before);
    expect(await accountInviteAudits(before.id)).toEqual([]);
    // The inviter's audit log reads the same for both: one row naming the address asked for.
    // Before 2026-11-30 only the new address had a row (naming the account the job made).
    const inviterRows = (email: string) =>
      testApp.database.db
        .selectFrom('audit_log')
        .select(['action', 'target_type'])
        .where('actor_id', '=', adviser.adminUser.id)
        .where('target_id', '=', email)
        .execute();
    expect(await inviterRows(other.adminUser.email)).toEqual([
      { action: 'admin_user.invite', target_type: 'email' },
    ]);
    expect(await inviterRows('dee.new@example.test')).toEqual(await inviterRows(other.adminUser.email));
    const deeAccount = await accountOf('dee.new@example.test');
    expect(await accountInviteAudits(deeAccount.id)).toEqual([]);
    const note = await latestMail(testApp.app, other.adminUser.email);
    expect(note?.subject).toBe('Ann Lee invited you to the MoneyPartner Adviser Portal');
    expect(note?.text).toContain('Hi Cy,');
    expect(note?.text).toContain('This e-mail address is already registered there, so nothing was changed');
    expect(note?.links).toEqual([{ label: 'Sign in', url: 'http://moneypartner.localhost:8080/' }]);
  });

  it("leaves another practice's or an operator's unaccepted invitation, and a registration, as they are", async () => {
    const otherPractice = await createSignedInAdminUser(testApp.app, {
      givenName: 'Eve',
      familyName: 'Elsewhere',
    });
    const operator = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      givenName: 'Op',
      familyName: 'Erator',
    });
    await invite(otherPractice.headers, 'fay.pending@example.test');
    await invite(operator.headers, 'gus.operator@example.test');
    const register = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/register',
      headers: { host },
      payload: {
        email: 'hal.self@example.test',
        given_name: 'Hal',
        family_name: 'Self',
        terms_accepted: true,
      },
    });
    expect(register.statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    const cases = [
      [adviser, 'fay.pending@example.test', 'Ann Lee'],
      [adviser, 'gus.operator@example.test', 'Ann Lee'],
      [adviser, 'hal.self@example.test', 'Ann Lee'],
      // Told apart from an operator's own invitation by the kind alone.
      [operator, 'hal.self@example.test', 'Op Erator'],
      // This practice's colleague, who has accepted: left as they are too.
      [adviser, adviser.adminUser.email, 'Ann Lee'],
    ] as const;
    for (const [inviter, email, inviterName] of cases) {
      const before = await accountOf(email);
      const audited = await inviteAudits(email);
      expect((await invite(inviter.headers, email)).statusCode).toBe(202);
      expect(await accountOf(email)).toEqual(before);
      expect(await inviteAudits(email)).toHaveLength(audited.length + 1);
      expect(await accountInviteAudits(before.id)).toEqual([]);
      const note = await latestMail(testApp.app, email);
      expect(note?.subject, email).toBe(`${inviterName} invited you to the MoneyPartner Adviser Portal`);
      expect(note?.links[0]?.url).not.toContain('invitation_token');
    }
    // Before 2026-11-29 the link went to the other practice's invitee: it would have joined them there.
    expect((await accountOf('fay.pending@example.test')).external_party_id).toBe(
      otherPractice.externalParty?.id,
    );
    expect((await accountOf('gus.operator@example.test')).kind).toBe('operator');
  });

  it("sends this practice's unaccepted invitation a fresh link, audited again", async () => {
    await invite(adviser.headers, 'ida.again@example.test');
    const first = linkParameter(await latestMail(testApp.app, 'ida.again@example.test'), 'invitation_token');
    await invite(adviser.headers, 'ida.again@example.test');
    const second = linkParameter(await latestMail(testApp.app, 'ida.again@example.test'), 'invitation_token');
    expect(second).not.toBe(first);
    const invitee = await accountOf('ida.again@example.test');
    expect(invitee.external_party_id).toBe(adviser.externalParty?.id);
    expect(await inviteAudits('ida.again@example.test')).toHaveLength(2);
    expect((await acceptInvitation(second)).statusCode).toBe(200);
  });

  it('sends a suspended invitee nothing, and the invitation of an inviter suspended since, nothing', async () => {
    await invite(adviser.headers, 'ike.suspended@example.test');
    const first = await latestMail(testApp.app, 'ike.suspended@example.test');
    await testApp.database.db
      .updateTable('admin_users')
      .set({ status: 'suspended' })
      .where('email', '=', 'ike.suspended@example.test')
      .execute();
    await invite(adviser.headers, 'ike.suspended@example.test');
    expect(await latestMail(testApp.app, 'ike.suspended@example.test')).toEqual(first);
    // Its link no longer sets a password either.
    expect((await acceptInvitation(linkParameter(first, 'invitation_token'))).statusCode).toBe(400);

    // The job of an invitation asked for before its inviter was suspended.
    const leaving = await createSignedInAdminUser(testApp.app);
    await testApp.database.db
      .updateTable('admin_users')
      .set({ status: 'suspended' })
      .where('id', '=', leaving.adminUser.id)
      .execute();
    await completeInvitation(
      testApp.app,
      {
        kind: 'invitation',
        tenantId: 'moneypartner',
        email: 'jan.late@example.test',
        givenName: 'Jan',
        familyName: 'Late',
        inviterAdminUserId: leaving.adminUser.id,
        role: 'adviser',
        externalPartyId: leaving.externalParty?.id ?? null,
        portalOrigin: 'http://moneypartner.localhost:8080',
        ip: '127.0.0.1',
      },
      { id: randomUUID(), attempt: 1 },
    );
    expect(await latestMail(testApp.app, 'jan.late@example.test')).toBeUndefined();
    const created = await testApp.database.db
      .selectFrom('admin_users')
      .select('id')
      .where('email', '=', 'jan.late@example.test')
      .execute();
    expect(created).toEqual([]);
  });

  it('sends a fresh link, audited once, when the first send failed and the job ran again', async () => {
    const send = vi.spyOn(testApp.app.mailer, 'send').mockRejectedValueOnce(new Error('SMTP refused'));
    let sends = 0;
    try {
      await invite(adviser.headers, 'kim.retry@example.test');
      sends = send.mock.calls.length;
    } finally {
      send.mockRestore();
    }
    expect(sends).toBe(2);
    expect(await inviteAudits('kim.retry@example.test')).toHaveLength(1);
    const token = linkParameter(await latestMail(testApp.app, 'kim.retry@example.test'), 'invitation_token');
    expect((await acceptInvitation(token)).statusCode).toBe(200);
  });

  it('spends an invitation once a password is chosen through a reset link, and the reset once through it', async () => {
    /** An invitation and a reset link for one new address, both unused. */
    const bothLinks = async (email: string) => {
      await invite(adviser.headers, email);
      await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/adminusers/reset',
        headers: { host },
        payload: { email },
      });
      await accountMailSettled(testApp.app);
      const messages = (
        await testApp.app.inject({
          method: 'GET',
          url: `/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`,
        })
      ).json().data as { links: { url: string }[] }[];
      const parameter = (name: string) =>
        messages
          .map((message) => new URL(message.links[0]?.url ?? 'http://x/').searchParams.get(name))
          .find(Boolean) ?? '';
      return { invitation: parameter('invitation_token'), reset: parameter('reset_password_token') };
    };
    const setByReset = (token: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/admin/adminusers/reset/password',
        headers: { host },
        payload: { reset_password_token: token, password, password_confirmation: password },
      });

    const lou = await bothLinks('lou.both@example.test');
    expect((await setByReset(lou.reset)).statusCode).toBe(200);
    // Before 2026-11-29 the invitation still worked: a second way to set the password.
    expect((await acceptInvitation(lou.invitation)).statusCode).toBe(400);

    const max = await bothLinks('max.both@example.test');
    expect((await acceptInvitation(max.invitation)).statusCode).toBe(200);
    expect((await setByReset(max.reset)).statusCode).toBe(400);

    // Both at once: one sets the password, the other is spent (on PostgreSQL it was a deadlock, 500).
    const ned = await bothLinks('ned.both@example.test');
    const answers = await Promise.all([setByReset(ned.reset), acceptInvitation(ned.invitation)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an adviser without a practice, and an anonymous caller', async () => {
    const withoutParty = await createSignedInAdminUser(testApp.app, { externalPartyStatus: null });
    expect((await invite(withoutParty.headers, 'x@example.test')).statusCode).toBe(403);
    expect((await invite({ host }, 'x@example.test')).statusCode).toBe(401);
  });

  it('refuses an adviser of a practice in review or disabled, and sends nothing', async () => {
    for (const externalPartyStatus of ['unverified', 'disabled'] as const) {
      const inviter = await createSignedInAdminUser(testApp.app, { externalPartyStatus });
      const email = `unchecked-${externalPartyStatus}@example.test`;
      // Before 2026-11-30 the practice’s unchecked name went out in the invitation.
      expect((await invite(inviter.headers, email)).statusCode).toBe(404);
      expect(await inviteAudits(email)).toEqual([]);
      expect(await latestMail(testApp.app, email)).toBeUndefined();
    }
  });

  it('lapses an invitation whose practice is no longer enabled when its job runs', async () => {
    for (const status of ['disabled', 'unverified'] as const) {
      const inviter = await createSignedInAdminUser(testApp.app);
      const partyId = inviter.externalParty?.id ?? 0;
      // The operator's change came between the request (which checked the practice) and its job.
      await testApp.database.db
        .updateTable('external_parties')
        .set({ status })
        .where('id', '=', partyId)
        .execute();
      const email = `lapsed-${status}@example.test`;
      await completeInvitation(
        testApp.app,
        {
          kind: 'invitation',
          tenantId: 'moneypartner',
          email,
          givenName: 'Lou',
          familyName: 'Lapsed',
          inviterAdminUserId: inviter.adminUser.id,
          role: 'adviser',
          externalPartyId: partyId,
          portalOrigin: 'http://moneypartner.localhost:8080',
          ip: '127.0.0.1',
        },
        { id: randomUUID(), attempt: 1 },
      );
      // Before 2026-12-02 the account was made and the link sent, under the practice's name as it then was.
      expect(await latestMail(testApp.app, email)).toBeUndefined();
      expect(
        await testApp.database.db.selectFrom('admin_users').select('id').where('email', '=', email).execute(),
      ).toEqual([]);
    }
  });
});
