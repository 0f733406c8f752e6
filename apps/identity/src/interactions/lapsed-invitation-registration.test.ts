import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditLog } from '../../../platform/src/access/list-audit-log.ts';
import type { AdminUserRow } from '../../../platform/src/auth/admin-users/create-admin-user.ts';
import { completeInvitation } from '../../../platform/src/routes/admin/adminusers/complete-invitation.ts';
import { createTestAdviser } from '../../../platform/src/testing/create-test-adviser.ts';
import { accountMailSettled, latestMail } from '../../../platform/src/testing/latest-mail.ts';
import { waitForALockWait } from '../../../platform/src/testing/lock-wait.ts';
import {
  buildIdentityTestApp,
  type IdentityTestApp,
  portalOrigin,
  sdkLoginQuery,
} from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';

const registration = {
  given_name: 'Grace',
  family_name: 'Hopper',
  password: 'Compiler-Pioneer-1952',
  password_confirmation: 'Compiler-Pioneer-1952',
  terms: 'accepted',
};

/**
 * The registration page meeting an invitation nobody accepted (apps/identity's
 * `accounts/lapsed-invitation.ts`): left to its invitee while a link of it works, the registrant's
 * own registration once none does, as the platform's `POST register` makes it
 * (apps/platform's `complete-registration.test.ts`).
 */
describe('registration of an address holding an invitation, at the identity', () => {
  let testApp: IdentityTestApp;
  let inviter: AdminUserRow;
  let practiceId: number;
  let operator: AdminUserRow;

  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
    const adviser = await createTestAdviser(testApp.database.db, {
      tenantId: 'waratah',
      password: 'Inviter-Password-Long-1',
      practiceStatus: 'enabled',
    });
    inviter = adviser.adminUser;
    practiceId = adviser.externalParty?.id ?? 0;
    operator = (
      await createTestAdviser(testApp.database.db, {
        tenantId: 'waratah',
        kind: 'operator',
        password: 'Operator-Password-Long-1',
        practiceStatus: null,
      })
    ).adminUser;
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;

  /** The invitation's job, as `POST adminusers/invite` queues it: the account and its 7-day link. */
  async function invite(by: AdminUserRow, email: string) {
    await completeInvitation(
      testApp.app,
      {
        kind: 'invitation',
        tenantId: 'waratah',
        email,
        givenName: 'Pia',
        familyName: 'Invited',
        inviterAdminUserId: by.id,
        role: by.kind,
        externalPartyId: by.external_party_id,
        inviteeKind: by.kind,
        inviteePartyId: by.external_party_id,
        portalOrigin,
        ip: '127.0.0.1',
      },
      { id: randomUUID(), attempt: 1 },
    );
    return accountOf(email);
  }

  const accountOf = (email: string) =>
    db()
      .selectFrom('admin_users')
      .selectAll()
      .where('tenant_id', '=', 'waratah')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  /** Every link the account was sent expires: its invitation can no longer be accepted. */
  const lapse = (accountId: number) =>
    db()
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date('2001-01-01T00:00:00Z') })
      .where('admin_user_id', '=', accountId)
      .execute();

  /** The registration page's form, posted for the address; its answer. */
  async function register(email: string) {
    const browser = new TestBrowser(testApp.app);
    const page = await browser.follow(`/app/register/?${sdkLoginQuery('from-register')}`);
    const action = /action="([^"]+\/register)"/.exec(page.response.body)?.[1];
    if (!action) throw new Error('no registration form');
    const done = await browser.request(action, { method: 'POST', form: { ...registration, email } });
    await accountMailSettled(testApp.app);
    return { browser, done };
  }

  const registerAudits = (accountId: number) =>
    db()
      .selectFrom('audit_log')
      .select(['actor_id', 'ip'])
      .where('action', '=', 'admin_user.register')
      .where('target_id', '=', String(accountId))
      .execute();

  it('takes over a colleague’s invitation none of whose links works any more, as a new registration, confirmed by the link it e-mails', async () => {
    const email = 'lapsed.colleague@example.com.au';
    const invited = await invite(inviter, email);
    expect(invited.external_party_id).toBe(practiceId);
    await lapse(invited.id);

    const { browser, done } = await register(email);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`We have e-mailed a link to ${email}.`);
    // Before 2026-12-03 it was left to its invitee, who could no longer accept it.
    const account = await accountOf(email);
    expect(account).toMatchObject({
      id: invited.id,
      kind: 'adviser',
      roles: ['adviser'],
      permissions: [],
      status: 'active',
      external_party_id: null,
      practice_joined_at: null,
      given_name: 'Grace',
      family_name: 'Hopper',
      email_verified_at: null,
    });
    expect(account.terms_accepted_at).toBeInstanceOf(Date);
    expect(account.password_hash).toMatch(/^\$argon2id\$/);
    expect(await registerAudits(invited.id)).toEqual([{ actor_id: invited.id, ip: '127.0.0.1' }]);
    const unused = await db()
      .selectFrom('one_time_tokens')
      .select('purpose')
      .where('admin_user_id', '=', invited.id)
      .where('used_at', 'is', null)
      .execute();
    expect(unused).toEqual([]);

    // The practice reads none of the account's entries now, its registration among them.
    const practiceLog = await listAuditLog(
      db(),
      {
        kind: 'admin_user',
        tenantId: 'waratah',
        adminUserId: inviter.id,
        role: 'adviser',
        externalPartyId: practiceId,
        via: 'sso_cookie',
      },
      { size: 100 },
    );
    expect(practiceLog.data.filter((entry) => entry.actor_id === invited.id)).toEqual([]);

    // Confirmed as any registration: the e-mailed link, with the password chosen here.
    const mail = await latestMail(testApp.app, email);
    expect(mail?.subject).toBe('Confirm your e-mail address for the Waratah Adviser Portal');
    const link = mail?.links[0]?.url ?? '';
    const page = await browser.follow(link.replace(/^https?:\/\/[^/]+/, ''));
    const action = /action="([^"]+)"/.exec(page.response.body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    const confirmed = await browser.request(action, {
      method: 'POST',
      form: { token, password: registration.password },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await accountOf(email)).email_verified_at).toBeInstanceOf(Date);
  });

  it('takes over an operator’s invitation that can no longer be accepted, into an adviser of no practice', async () => {
    const email = 'lapsed.operator@example.com.au';
    const invited = await invite(operator, email);
    expect(invited.kind).toBe('operator');
    await lapse(invited.id);
    const { done } = await register(email);
    expect(done.statusCode).toBe(200);
    expect(await accountOf(email)).toMatchObject({
      id: invited.id,
      kind: 'adviser',
      roles: ['adviser'],
      external_party_id: null,
      given_name: 'Grace',
      email_verified_at: null,
    });
    expect(await registerAudits(invited.id)).toHaveLength(1);
    expect((await latestMail(testApp.app, email))?.subject).toBe(
      'Confirm your e-mail address for the Waratah Adviser Portal',
    );
  });

  it('leaves an invitation whose link still works, or whose reset link at the identity does, to its invitee', async () => {
    const email = 'live.invitation@example.com.au';
    const invited = await invite(inviter, email);
    const invitation = await latestMail(testApp.app, email);
    const { done } = await register(email);
    // The same page as any address gets; nothing written, nothing sent.
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`We have e-mailed a link to ${email}.`);
    expect(await accountOf(email)).toEqual(invited);
    expect(await latestMail(testApp.app, email)).toEqual(invitation);
    expect(await registerAudits(invited.id)).toEqual([]);

    // Lapsed, but the invitee asked the identity for a reset link, which accepts it too.
    await lapse(invited.id);
    await db()
      .insertInto('identity_store')
      .values({
        model: 'PasswordReset',
        id: `live-reset-${invited.id}`,
        payload: JSON.stringify({ accountId: String(invited.id) }),
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: new Date(Date.now() + 3_600_000),
        consumed_at: null,
      })
      .execute();
    await register(email);
    expect(await accountOf(email)).toEqual(invited);
    expect(await registerAudits(invited.id)).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'waits for a link of the invitation being issued at the same time, and then leaves the invitation to it',
    async () => {
      const email = 'meanwhile@example.com.au';
      const invited = await invite(inviter, email);
      await lapse(invited.id);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let issued = () => {};
      const linkWritten = new Promise<void>((resolve) => {
        issued = resolve;
      });
      // The practice's invitation again: its new link written, not yet committed.
      const issuing = db()
        .transaction()
        .execute(async (trx) => {
          await testApp.app.oneTimeTokens.issueLinkToken(
            { tenantId: 'waratah', adminUserId: invited.id, purpose: 'invitation', ttlSeconds: 3600 },
            trx,
          );
          issued();
          await released;
        });
      await linkWritten;
      const registering = register(email);
      await waitForALockWait(db(), 'the registration never waited for the account');
      release();
      await issuing;
      expect((await registering).done.statusCode).toBe(200);
      expect(await accountOf(email)).toEqual(invited);
      expect(await registerAudits(invited.id)).toEqual([]);
    },
  );
});
