import type { AuditLogEntry } from '@waratah/contracts';
import { resolveTenant } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import {
  accountMailSettled,
  latestMail,
  linkParameter,
  verificationCodeIn,
} from '../../../testing/latest-mail.ts';
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

  /** Every link the account was sent expires: its invitation can no longer be accepted. */
  const lapse = (accountId: number) =>
    db()
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date('2001-01-01T00:00:00Z') })
      .where('admin_user_id', '=', accountId)
      .execute();

  const registerAs = (email: string, extra: object = {}) =>
    post('/api/admin/adminusers/register', {
      email,
      given_name: 'Rae',
      family_name: 'Registrant',
      terms_accepted: true,
      ...extra,
    });

  const signIn = (email: string, withPassword: string) => {
    const { oauth } = resolveTenant({ host }).envConfig;
    return post('/oauth/admin/token', {
      grant_type: 'password',
      username: email,
      password: withPassword,
      client_id: oauth.clientId,
      domain: oauth.domain,
    });
  };

  /** Every entry of the audit log as the caller pages through it (a practice's, or the tenant's). */
  async function auditLog(headers: Record<string, string>, path: string) {
    const entries: AuditLogEntry[] = [];
    let after: string | undefined;
    do {
      const response = await testApp.app.inject({
        url: `${path}?size=100${after === undefined ? '' : `&after=${after}`}`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { data: AuditLogEntry[]; paging: { cursors: { after?: string } } };
      entries.push(...page.data);
      after = page.paging.cursors.after;
    } while (after !== undefined);
    return entries;
  }

  const liveLinks = (accountId: number) =>
    db()
      .selectFrom('one_time_tokens')
      .select('purpose')
      .where('admin_user_id', '=', accountId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .execute();

  it('takes over a colleague’s invitation none of whose links works any more, as a new registration the practice no longer reads', async () => {
    const email = 'lapsed.colleague@example.test';
    await inviteAdminUser(testApp.app, adviser, email);
    const invited = await accountOf(email);
    const invitation = linkParameter(await latestMail(testApp.app, email), 'invitation_token');
    await lapse(invited.id);

    expect((await registerAs(email, { password, password_confirmation: password })).statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    // Before 2026-12-03 it was left to its invitee, who could no longer accept it: no code, and
    // the address could never be registered.
    const account = await accountOf(email);
    expect(account).toMatchObject({
      id: invited.id,
      kind: 'adviser',
      roles: [],
      permissions: [],
      status: 'active',
      external_party_id: null,
      practice_joined_at: null,
      given_name: 'Rae',
      family_name: 'Registrant',
      email_verified_at: null,
    });
    expect(account.terms_accepted_at).toBeInstanceOf(Date);
    expect(account.password_hash).not.toBeNull();
    const registered = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'target_id', 'ip'])
      .where('action', '=', 'admin_user.register')
      .where('target_id', '=', String(invited.id))
      .execute();
    expect(registered).toEqual([{ actor_id: invited.id, target_id: String(invited.id), ip: '127.0.0.1' }]);
    // The invitation's link is spent with the rest; the registration's code is the one live.
    expect(await liveLinks(invited.id)).toEqual([{ purpose: 'email_verification' }]);
    const accepted = await post('/api/admin/adminusers/reset/password', {
      invitation_token: invitation,
      password: 'Someone-Else-Chose-This-5',
      password_confirmation: 'Someone-Else-Chose-This-5',
    });
    expect(accepted.statusCode).toBe(400);

    // Confirmed by its code, as any registration; the registrant signs in with their password.
    const code = verificationCodeIn(await latestMail(testApp.app, email));
    const verified = await post('/api/adviser/parties/external/verify', { email, code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toEqual({ email, email_verified: true });
    expect((await signIn(email, password)).statusCode).toBe(200);

    // The account left the practice: its entries, its registration and sign-in among them, are not
    // the practice's to read; the operator's log, the tenant's, has them.
    const ofAccount = (entries: AuditLogEntry[]) =>
      entries.filter((entry) => entry.actor_kind === 'admin_user' && entry.actor_id === invited.id);
    expect(ofAccount(await auditLog(adviser.headers, '/api/adviser/audit'))).toEqual([]);
    const tenantWide = ofAccount(await auditLog(operator.headers, '/api/admin/audit')).map((e) => e.action);
    expect(tenantWide).toEqual(expect.arrayContaining(['admin_user.register', 'session.sign_in']));
  });

  it('takes over an operator’s invitation that can no longer be accepted, into an adviser of no practice', async () => {
    const email = 'lapsed.operator@example.test';
    await inviteAdminUser(testApp.app, operator, email);
    const invited = await accountOf(email);
    expect(invited.kind).toBe('operator');
    await lapse(invited.id);
    // No password with it: the verify step hands out a link to choose one.
    expect((await registerAs(email)).statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    expect(await accountOf(email)).toMatchObject({
      id: invited.id,
      kind: 'adviser',
      roles: [],
      external_party_id: null,
      given_name: 'Rae',
      password_hash: null,
      email_verified_at: null,
    });
    const code = verificationCodeIn(await latestMail(testApp.app, email));
    const verified = await post('/api/adviser/parties/external/verify', { email, code });
    expect(verified.statusCode, verified.body).toBe(200);
    const chosen = await post('/api/admin/adminusers/reset/password', {
      invitation_token: verified.json().data.invitation_token,
      password,
      password_confirmation: password,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const signedIn = await signIn(email, password);
    expect(signedIn.statusCode).toBe(200);
    const details = await testApp.app.inject({
      url: '/api/admin/adminusers/details',
      headers: { host, authorization: `Bearer ${signedIn.json().access_token}` },
    });
    expect(details.json().data).toMatchObject({ kind: 'adviser', external_party: null });
  });

  it('leaves an invitation whose reset link, here or at the identity, still works to its invitee', async () => {
    const email = 'lapsed.reset@example.test';
    await inviteAdminUser(testApp.app, adviser, email);
    const invited = await accountOf(email);
    await lapse(invited.id);
    // The invitee asked for a reset link: it sets their password and confirms the address, so it
    // still accepts the invitation.
    expect((await post('/api/admin/adminusers/reset', { email })).statusCode).toBe(200);
    await accountMailSettled(testApp.app);
    const reset = linkParameter(await latestMail(testApp.app, email), 'reset_password_token');
    expect(reset).toMatch(/^\S{20,}$/);
    const before = await accountOf(email);
    expect((await registerAs(email, { password, password_confirmation: password })).statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    expect(await accountOf(email)).toEqual(before);
    expect(verificationCodeIn(await latestMail(testApp.app, email))).toBe('');

    // The identity's reset link of the account, as its forgotten-password page writes one, alike.
    await lapse(invited.id);
    await db()
      .insertInto('identity_store')
      .values({
        model: 'PasswordReset',
        id: `lapsed-reset-${invited.id}`,
        payload: JSON.stringify({ accountId: String(invited.id) }),
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: new Date(Date.now() + 3_600_000),
        consumed_at: null,
      })
      .execute();
    expect((await registerAs(email, { password, password_confirmation: password })).statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    expect(await accountOf(email)).toEqual(before);

    // Once that one has lapsed too, the registration takes the invitation over.
    await db()
      .updateTable('identity_store')
      .set({ expires_at: new Date('2001-01-01T00:00:00Z') })
      .where('id', '=', `lapsed-reset-${invited.id}`)
      .execute();
    expect((await registerAs(email, { password, password_confirmation: password })).statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    expect(await accountOf(email)).toMatchObject({ external_party_id: null, given_name: 'Rae' });
    const identityLinks = await db()
      .selectFrom('identity_store')
      .select('id')
      .where('id', '=', `lapsed-reset-${invited.id}`)
      .execute();
    expect(identityLinks).toEqual([]);
  });
});
