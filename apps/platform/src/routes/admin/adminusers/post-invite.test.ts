import { randomUUID } from 'node:crypto';
import type { AuditLogEntry } from '@waratah/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withJobs } from '../../../jobs/jobs-schema.ts';
import { accountMailJob } from '../../../mail/account-mail-job.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import {
  accountMailSettled,
  latestMail,
  linkParameter,
  verificationCodeIn,
} from '../../../testing/latest-mail.ts';
import {
  adminPasswordSignIn,
  createSignedInAdminUser,
  type SignedInAdminUser,
} from '../../../testing/sign-in.ts';
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
  async function invite(headers: Record<string, string>, email: string, extra: object = {}) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/invite',
      headers,
      payload: { email, given_name: 'Bob', family_name: 'Colleague', ...extra },
    });
    await accountMailSettled(testApp.app);
    return response;
  }

  /** The password grant of the adviser portal, as it answered. */
  function signIn(username: string, withPassword: string) {
    return adminPasswordSignIn(testApp.app, { host, email: username, password: withPassword });
  }

  /** The `mail.account` jobs ever queued for an address (an invitation's, a registration's…). */
  function mailJobsOf(email: string) {
    return withJobs(testApp.database.db)
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', accountMailJob)
      .where(sql<string>`payload->>'email'`, '=', email)
      .execute();
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

  /** Every entry of the audit log of a practice, as its adviser pages through it. */
  async function practiceAuditLog(headers: Record<string, string>) {
    const entries: AuditLogEntry[] = [];
    let after: string | undefined;
    do {
      const response = await testApp.app.inject({
        url: `/api/adviser/audit?size=100${after === undefined ? '' : `&after=${after}`}`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { data: AuditLogEntry[]; paging: { cursors: { after?: string } } };
      entries.push(...page.data);
      after = page.paging.cursors.after;
    } while (after !== undefined);
    return entries;
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

  it('leaves another practice’s or an operator’s unaccepted invitation, and a registration an operator’s invitation meets, as they are', async () => {
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
      // Told apart from an operator's own invitation by the kind alone. (A practice's invitation
      // takes an unconfirmed registration over since 2026-12-03: below.)
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

  describe('an operator’s invitation into a practice', () => {
    let operator: SignedInAdminUser;
    const company = {
      name: 'Wattle Advice Pty Ltd',
      abn: '51 824 753 556',
      address: { line1: '2 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
      phone: '02 9000 0001',
    };

    beforeAll(async () => {
      operator = await createSignedInAdminUser(testApp.app, {
        kind: 'operator',
        givenName: 'Olga',
        familyName: 'Operator',
      });
    });

    /** A practice the operator adds (`POST cdr/parties/external`): enabled, nobody linked to it. */
    async function addPractice() {
      const added = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/cdr/parties/external',
        headers: operator.headers,
        payload: company,
      });
      expect(added.statusCode, added.body).toBe(201);
      return added.json().data as { id: number; status: string };
    }

    it('gives a practice the operator added its first adviser, who joins it and invites clients', async () => {
      const practice = await addPractice();
      expect(practice.status).toBe('enabled');
      const invited = await invite(operator.headers, 'first.adviser@example.test', {
        external_party_id: practice.id,
      });
      expect(invited.statusCode, invited.body).toBe(202);
      const mail = await latestMail(testApp.app, 'first.adviser@example.test');
      expect(mail?.text).toContain('Olga Operator has invited you');
      expect(mail?.text).toContain('Wattle Advice Pty Ltd');
      // Before 2026-12-03 an operator's invitee was an operator, and the practice had no way to
      // get an adviser.
      expect((await acceptInvitation(linkParameter(mail, 'invitation_token'))).statusCode).toBe(200);
      expect(await accountOf('first.adviser@example.test')).toMatchObject({
        kind: 'adviser',
        external_party_id: practice.id,
      });
      const signedIn = await signIn('first.adviser@example.test', password);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const headers = { host, authorization: `Bearer ${signedIn.json().access_token}` };
      const details = await testApp.app.inject({ url: '/api/admin/adminusers/details', headers });
      expect(details.json().data).toMatchObject({
        kind: 'adviser',
        external_party: { id: practice.id, name: 'Wattle Advice Pty Ltd', status: 'enabled' },
      });
      const client = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/user/invite',
        headers,
        payload: { email: 'first.client@example.test', given_name: 'Cleo', family_name: 'Client' },
      });
      expect(client.statusCode, client.body).toBe(201);
    });

    it('refuses a practice the inviter may not name with one 404, queuing nothing', async () => {
      const elsewhere = await createSignedInAdminUser(testApp.app, { tenantId: 'waratahlabs' });
      const unverified = await createSignedInAdminUser(testApp.app, { externalPartyStatus: 'unverified' });
      const disabled = await createSignedInAdminUser(testApp.app, { externalPartyStatus: 'disabled' });
      const enabled = await addPractice();
      const refusals = [
        [operator, 2_147_483_000, 'unknown'],
        [operator, elsewhere.externalParty?.id, 'another-tenant'],
        [operator, unverified.externalParty?.id, 'unverified'],
        [operator, disabled.externalParty?.id, 'disabled'],
        // An adviser invites into its own practice alone.
        [adviser, enabled.id, 'adviser-elsewhere'],
      ] as const;
      const bodies = new Set<string>();
      for (const [inviter, partyId, name] of refusals) {
        const email = `refused-${name}@example.test`;
        const refused = await invite(inviter.headers, email, { external_party_id: partyId });
        expect(refused.statusCode, name).toBe(404);
        bodies.add(refused.body);
        expect(await mailJobsOf(email), name).toEqual([]);
        expect(await inviteAudits(email), name).toEqual([]);
        expect(await latestMail(testApp.app, email), name).toBeUndefined();
      }
      expect(bodies.size).toBe(1);
      // Its own practice, named, is the invitation it would send anyway.
      const own = await invite(adviser.headers, 'named.own@example.test', {
        external_party_id: adviser.externalParty?.id,
      });
      expect(own.statusCode).toBe(202);
      expect((await accountOf('named.own@example.test')).external_party_id).toBe(adviser.externalParty?.id);
      // And an operator naming none invites an operator of no practice.
      expect((await invite(operator.headers, 'fellow.operator@example.test')).statusCode).toBe(202);
      expect(await accountOf('fellow.operator@example.test')).toMatchObject({
        kind: 'operator',
        external_party_id: null,
      });
    });

    it('lapses when the practice is disabled, or is another tenant’s, by the time its job runs', async () => {
      const practice = await addPractice();
      const labs = await createSignedInAdminUser(testApp.app, { tenantId: 'waratahlabs' });
      await testApp.database.db
        .updateTable('external_parties')
        .set({ status: 'disabled' })
        .where('id', '=', practice.id)
        .execute();
      for (const [partyId, email] of [
        [practice.id, 'lapsed.operator@example.test'],
        // A job naming another tenant's practice (none is queued so: the request looks the
        // practice up in the operator's tenant) reads it as absent.
        [labs.externalParty?.id ?? 0, 'other.tenant@example.test'],
      ] as const) {
        await completeInvitation(
          testApp.app,
          {
            kind: 'invitation',
            tenantId: 'moneypartner',
            email,
            givenName: 'Lou',
            familyName: 'Lapsed',
            inviterAdminUserId: operator.adminUser.id,
            role: 'operator',
            externalPartyId: null,
            inviteeKind: 'adviser',
            inviteePartyId: partyId,
            portalOrigin: 'http://moneypartner.localhost:8080',
            ip: '127.0.0.1',
          },
          { id: randomUUID(), attempt: 1 },
        );
        expect(await latestMail(testApp.app, email), email).toBeUndefined();
        expect(
          await testApp.database.db
            .selectFrom('admin_users')
            .select('id')
            .where('email', '=', email)
            .execute(),
        ).toEqual([]);
      }
    });
  });

  describe('an operator’s invitation of an operator, and its permission areas', () => {
    function areasOf(email: string) {
      return testApp.database.db
        .selectFrom('admin_users')
        .select('permissions')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
        .then((row) => row.permissions);
    }

    it('grants the areas named, which the new operator holds once signed in, and nothing when none are named', async () => {
      const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
      const email = 'audit.operator@example.test';
      const invited = await invite(operator.headers, email, { permissions: ['audit', 'user_details'] });
      expect(invited.statusCode, invited.body).toBe(202);
      expect(await areasOf(email)).toEqual(['audit', 'user_details']);
      const mail = await latestMail(testApp.app, email);
      expect((await acceptInvitation(linkParameter(mail, 'invitation_token'))).statusCode).toBe(200);
      const signedIn = await signIn(email, password);
      const headers = { host, authorization: `Bearer ${signedIn.json().access_token}` };
      const get = (url: string) => testApp.app.inject({ url, headers });
      expect((await get('/api/admin/adminusers/details')).json().data).toMatchObject({
        kind: 'operator',
        permissions: ['audit', 'user_details'],
      });
      expect((await get('/api/admin/audit')).statusCode).toBe(200);
      expect((await get('/api/admin/users')).statusCode).toBe(200);
      expect((await get('/api/admin/cdr/parties/external/verify')).statusCode).toBe(403);
      const further = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/adminusers/invite',
        headers,
        payload: { email: 'further.operator@example.test', given_name: 'Fay', family_name: 'Further' },
      });
      expect(further.statusCode).toBe(403);

      expect((await invite(operator.headers, 'bare.operator@example.test')).statusCode).toBe(202);
      expect(await areasOf('bare.operator@example.test')).toEqual([]);
    });

    it('refuses areas the inviter does not hold, or may not grant, or that an adviser’s invitee would hold, queuing nothing', async () => {
      const granting = await createSignedInAdminUser(testApp.app, {
        kind: 'operator',
        permissions: ['user_management', 'roles_and_permissions', 'audit'],
      });
      const notGranting = await createSignedInAdminUser(testApp.app, {
        kind: 'operator',
        permissions: ['user_management', 'audit'],
      });
      const refusals = [
        [granting, ['audit', 'app_configs'], 403, 'you do not hold app_configs'],
        [notGranting, ['audit'], 403, 'you do not hold roles_and_permissions'],
        [adviser, ['audit'], 400, 'Only an invitation of an operator names permission areas'],
        [adviser, [], 400, 'Only an invitation of an operator names permission areas'],
        [granting, ['audit', 'audit'], 400, 'Each permission area may be named once'],
        [granting, ['sudo'], 400, 'body.permissions'],
      ] as const;
      for (const [index, [inviter, permissions, status, message]] of refusals.entries()) {
        const email = `refused-areas-${index}@example.test`;
        const refused = await invite(inviter.headers, email, { permissions });
        expect(refused.statusCode, email).toBe(status);
        expect(refused.body, email).toContain(message);
        expect(await mailJobsOf(email), email).toEqual([]);
        expect(await inviteAudits(email), email).toEqual([]);
      }
      // Granting none needs no granting area; an operator without `user_management` invites nobody.
      expect(
        (await invite(notGranting.headers, 'no-areas@example.test', { permissions: [] })).statusCode,
      ).toBe(202);
      const viewer = await createSignedInAdminUser(testApp.app, { kind: 'operator', permissions: ['audit'] });
      const refused = await invite(viewer.headers, 'not-invited@example.test');
      expect(refused.statusCode).toBe(403);
      expect(await mailJobsOf('not-invited@example.test')).toEqual([]);
    });

    it('grants only what the inviter still holds when its job runs; inviting again changes only the areas the inviter may grant', async () => {
      const inviter = await createSignedInAdminUser(testApp.app, {
        kind: 'operator',
        permissions: ['user_management', 'roles_and_permissions', 'audit', 'app_configs'],
      });
      const email = 'shrinking.operator@example.test';
      const job = {
        kind: 'invitation',
        tenantId: 'moneypartner',
        email,
        givenName: 'Sam',
        familyName: 'Shrunk',
        inviterAdminUserId: inviter.adminUser.id,
        role: 'operator',
        externalPartyId: null,
        inviteeKind: 'operator',
        inviteePartyId: null,
        inviteePermissions: ['audit', 'app_configs'],
        portalOrigin: 'http://moneypartner.localhost:8080',
        ip: '127.0.0.1',
      } as const;
      const setAreas = (permissions: string[]) =>
        testApp.database.db
          .updateTable('admin_users')
          .set({ permissions: JSON.stringify(permissions) })
          .where('id', '=', inviter.adminUser.id)
          .execute();
      // The inviter lost app_configs after asking.
      await setAreas(['user_management', 'roles_and_permissions', 'audit']);
      await completeInvitation(
        testApp.app,
        { ...job, inviteePermissions: [...job.inviteePermissions] },
        { id: randomUUID(), attempt: 1 },
      );
      expect(await areasOf(email)).toEqual(['audit']);
      const account = await accountOf(email);
      const auditsOfInvitee = () =>
        testApp.database.db
          .selectFrom('audit_log')
          .select('actor_id')
          .where('action', '=', 'admin_user.permissions')
          .where('target_id', '=', String(account.id))
          .execute();
      // An inviter that may no longer grant (no roles_and_permissions) changes nothing when invited
      // again: before 2026-12-04 its invitation replaced every area, taking away what others granted.
      await setAreas(['user_management', 'audit', 'app_configs']);
      expect((await invite(inviter.headers, email, { permissions: [] })).statusCode).toBe(202);
      expect(await areasOf(email)).toEqual(['audit']);
      expect(await auditsOfInvitee()).toEqual([]);
      // One that may grant sets the areas it holds as the invitation names them, audited; an area it
      // does not hold (granted meanwhile by another operator) stays.
      await testApp.database.db
        .updateTable('admin_users')
        .set({ permissions: JSON.stringify(['audit', 'webhooks']) })
        .where('id', '=', account.id)
        .execute();
      await setAreas(['user_management', 'roles_and_permissions', 'audit', 'app_configs']);
      expect((await invite(inviter.headers, email, { permissions: ['app_configs'] })).statusCode).toBe(202);
      expect(await areasOf(email)).toEqual(['app_configs', 'webhooks']);
      expect((await invite(inviter.headers, email)).statusCode).toBe(202);
      expect(await areasOf(email)).toEqual(['webhooks']);
      expect(await auditsOfInvitee()).toEqual([
        { actor_id: inviter.adminUser.id },
        { actor_id: inviter.adminUser.id },
      ]);
    });

    it('gives the invitee of a job queued before areas were checked the areas its inviter holds', async () => {
      const inviter = await createSignedInAdminUser(testApp.app, {
        kind: 'operator',
        permissions: ['user_management', 'audit', 'goals'],
      });
      const email = 'queued.before.areas@example.test';
      // No inviteePermissions: the job was queued by the release before.
      await completeInvitation(
        testApp.app,
        {
          kind: 'invitation',
          tenantId: 'moneypartner',
          email,
          givenName: 'Quinn',
          familyName: 'Queued',
          inviterAdminUserId: inviter.adminUser.id,
          role: 'operator',
          externalPartyId: null,
          inviteeKind: 'operator',
          inviteePartyId: null,
          portalOrigin: 'http://moneypartner.localhost:8080',
          ip: '127.0.0.1',
        },
        { id: randomUUID(), attempt: 1 },
      );
      expect(await areasOf(email)).toEqual(['audit', 'goals', 'user_management']);
    });
  });

  it('refuses a colleague’s invitation link while its practice is disabled or back in review, as a spent link', async () => {
    const inviter = await createSignedInAdminUser(testApp.app);
    const partyId = inviter.externalParty?.id ?? 0;
    await invite(inviter.headers, 'held.link@example.test');
    const token = linkParameter(await latestMail(testApp.app, 'held.link@example.test'), 'invitation_token');
    const setStatus = (status: 'enabled' | 'disabled' | 'unverified') =>
      testApp.database.db.updateTable('external_parties').set({ status }).where('id', '=', partyId).execute();
    for (const status of ['disabled', 'unverified'] as const) {
      await setStatus(status);
      // Before 2026-12-03 it made its invitee the practice's adviser all the same.
      const refused = await acceptInvitation(token);
      expect(refused.statusCode, status).toBe(400);
      expect(refused.json().error.fields).toEqual([
        {
          field: 'body.invitation_token',
          message: 'This link has expired or has already been used; please ask for a new one',
        },
      ]);
      expect((await accountOf('held.link@example.test')).password_hash).toBeNull();
    }
    // Left unspent: enabled again within its 7 days, the practice's invitation stands.
    await setStatus('enabled');
    expect((await acceptInvitation(token)).statusCode).toBe(200);
  });

  it('takes over a registration nobody confirmed: its code, links and password stop working, the invitation’s link works', async () => {
    const email = 'reg.unconfirmed@example.test';
    const registered = 'Registrant-Chose-This-1';
    const register = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/register',
      headers: { host },
      payload: {
        email,
        given_name: 'Reg',
        family_name: 'Istrant',
        password: registered,
        password_confirmation: registered,
        terms_accepted: true,
      },
    });
    expect(register.statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    const code = verificationCodeIn(await latestMail(testApp.app, email));
    expect(code).toMatch(/^\d{6}$/);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset',
      headers: { host },
      payload: { email },
    });
    await accountMailSettled(testApp.app);
    const reset = linkParameter(await latestMail(testApp.app, email), 'reset_password_token');
    const registration = await accountOf(email);
    // The identity's own link confirming the address, as its registration page writes one.
    await testApp.database.db
      .insertInto('identity_store')
      .values({
        model: 'EmailVerification',
        id: `unconfirmed-${registration.id}`,
        payload: JSON.stringify({ accountId: String(registration.id) }),
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: new Date(Date.now() + 86_400_000),
        consumed_at: null,
      })
      .execute();
    // The registrant's password is right; the address is not confirmed yet.
    expect((await signIn(email, registered)).json().error_description).toBe(
      'Please verify your email address before signing in',
    );

    expect((await invite(adviser.headers, email)).statusCode).toBe(202);
    // Before 2026-12-03 the registration was left as it was and sent the "already registered"
    // note: no invitation of the address could ever be accepted.
    const mail = await latestMail(testApp.app, email);
    expect(mail?.subject).toBe("You're invited to the MoneyPartner Adviser Portal");
    expect(mail?.text).toContain('Ann Lee has invited you to the MoneyPartner Adviser Portal to join');
    const token = linkParameter(mail, 'invitation_token');
    const account = await testApp.database.db
      .selectFrom('admin_users')
      .select(['id', 'kind', 'external_party_id', 'given_name', 'family_name', 'password_hash'])
      .select(['terms_accepted_at', 'email_verified_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({
      id: registration.id,
      kind: 'adviser',
      external_party_id: adviser.externalParty?.id,
      given_name: 'Bob',
      family_name: 'Colleague',
      password_hash: null,
      terms_accepted_at: null,
      email_verified_at: null,
    });
    const verify = await testApp.app.inject({
      method: 'POST',
      url: '/api/adviser/parties/external/verify',
      headers: { host },
      payload: { email, code },
    });
    expect(verify.statusCode).toBe(400);
    const live = await testApp.database.db
      .selectFrom('one_time_tokens')
      .select('purpose')
      .where('admin_user_id', '=', registration.id)
      .where('used_at', 'is', null)
      .execute();
    expect(live).toEqual([{ purpose: 'invitation' }]);
    const identityLinks = await testApp.database.db
      .selectFrom('identity_store')
      .select('id')
      .where('model', '=', 'EmailVerification')
      .where(sql<string>`payload->>'accountId'`, '=', String(registration.id))
      .execute();
    expect(identityLinks).toEqual([]);
    expect((await signIn(email, registered)).json().error_description).toBe('Invalid email or password');
    const byReset = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset/password',
      headers: { host },
      payload: { reset_password_token: reset, password: registered, password_confirmation: registered },
    });
    expect(byReset.statusCode).toBe(400);

    expect((await acceptInvitation(token)).statusCode).toBe(200);
    expect((await signIn(email, password)).statusCode).toBe(200);
    expect((await signIn(email, registered)).statusCode).toBe(400);

    // What the registrant did before the takeover (its registration, with its address and IP, and
    // any failed sign-in) stays in the log, but not in the practice's: that lists the account's entries
    // from the takeover on. Before the fix it listed them all, telling the inviter that the address
    // had been registered.
    const invited = await testApp.database.db
      .selectFrom('audit_log')
      .select(['id', 'at'])
      .where('action', '=', 'admin_user.invite')
      .where('target_type', '=', 'email')
      .where('target_id', '=', email)
      .executeTakeFirstOrThrow();
    const registrants = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_kind', '=', 'admin_user')
      .where('actor_id', '=', registration.id)
      .where('at', '<', invited.at)
      .execute();
    expect(registrants.map((row) => row.action)).toContain('admin_user.register');
    const accounts = (await practiceAuditLog(adviser.headers)).filter(
      (entry) => entry.actor_kind === 'admin_user' && entry.actor_id === registration.id,
    );
    expect(
      accounts.filter((entry) => entry.id <= Number(invited.id) || new Date(entry.at) < invited.at),
    ).toEqual([]);
    expect(accounts.map((entry) => entry.action)).toContain('admin_user.password.first');
  });
});
