import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../auth/passwords/hash-password.ts';
import { withJobs } from '../../../jobs/jobs-schema.ts';
import { accountMailJob } from '../../../mail/account-mail-job.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { accountMailSettled, latestMail, verificationCodeIn } from '../../../testing/latest-mail.ts';
import { createSignedInAdminUser } from '../../../testing/sign-in.ts';
import { completeRegistration } from '../../admin/adminusers/complete-registration.ts';

const host = 'waratahlabs.localhost:8080';
const password = 'Platypus-Swims-Upstream-88';
const oauth = { client_id: 'waratahlabs-adviser-portal-staging', domain: 'staging.waratahlabs.com.au' };
const company = {
  name: 'Harbour Wealth Pty Ltd',
  abn: '51 824 753 556',
  address: { line1: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  phone: '02 9000 0000',
  website: 'https://harbourwealth.example',
};

describe('registration: profile, e-mail code, password, company, credentials, review', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: object, headers: Record<string, string> = { host }) =>
    testApp.app.inject({ method: 'POST', url, headers, payload });

  it('takes an adviser from registering to an enabled practice', async () => {
    const registered = await post('/api/admin/adminusers/register', {
      email: 'cara@example.test',
      given_name: 'Cara',
      family_name: 'Nguyễn',
      terms_accepted: true,
    });
    expect(registered.statusCode).toBe(202);
    expect(registered.json()).toEqual({ data: { email: 'cara@example.test', email_verified: false } });
    // The registration is a job, done just after the answer (mail/account-mail-job.ts).
    await accountMailSettled(testApp.app);
    const { id } = await testApp.database.db
      .selectFrom('admin_users')
      .select('id')
      .where('email', '=', 'cara@example.test')
      .executeTakeFirstOrThrow();
    const registration = await testApp.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_id'])
      .where('action', '=', 'admin_user.register')
      .executeTakeFirstOrThrow();
    expect(registration).toEqual({ actor_id: id, action: 'admin_user.register', target_id: String(id) });

    const mail = await latestMail(testApp.app, 'cara@example.test');
    expect(mail?.subject).toMatch(/^Your Waratah Labs verification code: \d{6}$/);
    const code = verificationCodeIn(mail);

    const wrong = await post('/api/adviser/parties/external/verify', {
      email: 'cara@example.test',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields[0].field).toBe('body.code');

    const verified = await post('/api/adviser/parties/external/verify', { email: 'cara@example.test', code });
    expect(verified.statusCode).toBe(200);
    const { invitation_token } = verified.json().data;
    expect(invitation_token).toMatch(/^[\w-]{43}$/);

    const passwordSet = await post('/api/admin/adminusers/reset/password', {
      invitation_token,
      password,
      password_confirmation: password,
    });
    expect(passwordSet.statusCode).toBe(200);

    const token = await post('/oauth/admin/token', {
      grant_type: 'password',
      username: 'cara@example.test',
      password,
      ...oauth,
    });
    expect(token.statusCode).toBe(200);
    const headers = { host, authorization: `Bearer ${token.json().access_token}` };

    const before = await testApp.app.inject({ method: 'GET', url: '/api/admin/adminusers/details', headers });
    expect(before.json().data).toMatchObject({
      given_name: 'Cara',
      family_name: 'Nguyễn',
      external_party: null,
    });

    const created = await post('/api/adviser/parties/external', company, headers);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Harbour Wealth Pty Ltd',
      abn: '51824753556',
      status: 'unverified',
    });

    const aggregators = await testApp.app.inject({
      method: 'GET',
      url: '/api/adviser/brokers/aggregators',
      headers,
    });
    const aggregatorId = aggregators.json().data[0].id;
    const credentials = await testApp.app.inject({
      method: 'PUT',
      url: '/api/adviser/parties/external/details',
      headers,
      payload: { profession: 'broker', credentials: { acl_number: '123456', aggregator_id: aggregatorId } },
    });
    expect(credentials.statusCode).toBe(200);
    expect(credentials.json().data).toMatchObject({
      profession: 'broker',
      credentials: { acl_number: '123456' },
    });
    // A website given at registration can be taken away again (the portal's company step, tried
    // again with the field cleared).
    const noWebsite = await testApp.app.inject({
      method: 'PUT',
      url: '/api/adviser/parties/external/details',
      headers,
      payload: { website: null },
    });
    expect(noWebsite.statusCode).toBe(200);
    expect(noWebsite.json().data).toMatchObject({ website: null, profession: 'broker' });

    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/adviser/parties/external/verify',
      headers,
    });
    expect(status.json().data).toEqual({
      email: 'cara@example.test',
      email_verified: true,
      external_party_status: 'unverified',
    });

    const operator = await createSignedInAdminUser(testApp.app, {
      tenantId: 'waratahlabs',
      kind: 'operator',
    });
    const queue = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/cdr/parties/external/verify',
      headers: operator.headers,
    });
    const partyId = created.json().data.id;
    expect(queue.json().data.map((party: { id: number }) => party.id)).toContain(partyId);
    const enabled = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/cdr/parties/external/${partyId}`,
      headers: operator.headers,
      payload: { status: 'enabled' },
    });
    expect(enabled.json().data.status).toBe('enabled');
    const after = await testApp.app.inject({ method: 'GET', url: '/api/admin/adminusers/details', headers });
    expect(after.json().data.external_party).toMatchObject({ id: partyId, status: 'enabled' });

    const advisersCannot = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/cdr/parties/external/${partyId}`,
      headers,
      payload: { status: 'disabled' },
    });
    expect(advisersCannot.statusCode).toBe(403);
  });

  it('needs the terms accepted and names the spec messages', async () => {
    const response = await post('/api/admin/adminusers/register', {
      email: 'not-an-email',
      given_name: '',
      family_name: 'X',
      terms_accepted: false,
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().error.fields.map((field: { message: string }) => field.message);
    expect(messages).toEqual([
      'Please enter a valid email address',
      'Please enter your first name',
      'Please agree to the terms and privacy policy',
    ]);
  });

  it('spends a code after five wrong tries, and resends without telling who is registered', async () => {
    await post('/api/admin/adminusers/register', {
      email: 'dan@example.test',
      given_name: 'Dan',
      family_name: 'Ho',
      terms_accepted: true,
    });
    await accountMailSettled(testApp.app);
    const code = verificationCodeIn(await latestMail(testApp.app, 'dan@example.test'));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      await post('/api/adviser/parties/external/verify', { email: 'dan@example.test', code: wrong });
    }
    expect(
      (await post('/api/adviser/parties/external/verify', { email: 'dan@example.test', code })).statusCode,
    ).toBe(400);

    const resent = await post('/api/adviser/parties/external/verify', { email: 'dan@example.test' });
    const unknown = await post('/api/adviser/parties/external/verify', { email: 'nobody@example.test' });
    expect(resent.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(resent.body.replaceAll('dan@example.test', 'nobody@example.test'));
    // The new code is a job's e-mail, sent after the answer (mail/account-mail-job.ts).
    await accountMailSettled(testApp.app);
    expect(await latestMail(testApp.app, 'nobody@example.test')).toBeUndefined();
    const fresh = verificationCodeIn(await latestMail(testApp.app, 'dan@example.test'));
    expect(
      (await post('/api/adviser/parties/external/verify', { email: 'dan@example.test', code: fresh }))
        .statusCode,
    ).toBe(200);
  });

  it('takes no password from a second registration of an unverified address, and clears the first', async () => {
    const register = (chosen: string) =>
      post('/api/admin/adminusers/register', {
        email: 'fay@example.test',
        given_name: 'Fay',
        family_name: 'Ng',
        password: chosen,
        password_confirmation: chosen,
        terms_accepted: true,
      });
    // Someone registers the address first, then someone else (maybe its owner) again.
    expect((await register('First-Registrant-Password-1')).statusCode).toBe(202);
    expect((await register('Second-Registrant-Password-2')).statusCode).toBe(202);
    await accountMailSettled(testApp.app);
    const code = verificationCodeIn(await latestMail(testApp.app, 'fay@example.test'));
    const verified = await post('/api/adviser/parties/external/verify', { email: 'fay@example.test', code });
    // Whoever proves the address chooses the password: neither registrant's works.
    expect(verified.json().data.invitation_token).toMatch(/\S{20,}/);
    for (const tried of ['First-Registrant-Password-1', 'Second-Registrant-Password-2']) {
      const token = await post('/oauth/admin/token', {
        grant_type: 'password',
        username: 'fay@example.test',
        password: tried,
        ...oauth,
      });
      expect(token.statusCode, tried).toBe(400);
    }
  });

  it('answers a verified address as any other, changes nothing, and e-mails its owner a note instead of a code', async () => {
    const owner = await createSignedInAdminUser(testApp.app, {
      tenantId: 'waratahlabs',
      email: 'gil.owner@example.test',
      givenName: 'Gil',
    });
    const accountOf = (email: string) =>
      testApp.database.db
        .selectFrom('admin_users')
        .selectAll()
        .where('tenant_id', '=', 'waratahlabs')
        .where('email', '=', email)
        .executeTakeFirst();
    const before = await accountOf('gil.owner@example.test');
    const registerAs = (email: string) =>
      post('/api/admin/adminusers/register', {
        email,
        given_name: 'Mallory',
        family_name: 'Taker',
        password: 'Attacker-Chosen-Password-9',
        password_confirmation: 'Attacker-Chosen-Password-9',
        terms_accepted: true,
      });
    const taken = await registerAs('gil.owner@example.test');
    const fresh = await registerAs('hal.new@example.test');
    expect(taken.statusCode).toBe(202);
    expect(fresh.statusCode).toBe(202);
    expect(taken.body).toBe(fresh.body.replaceAll('hal.new@example.test', 'gil.owner@example.test'));
    // Each request queued the same one job and wrote nothing else.
    const queued = await withJobs(testApp.database.db)
      .selectFrom('jobs')
      .select(sql<string>`payload->>'email'`.as('email'))
      .where('name', '=', accountMailJob)
      .where(sql<string>`payload->>'email'`, 'in', ['gil.owner@example.test', 'hal.new@example.test'])
      .execute();
    expect(queued.map((job) => job.email).sort()).toEqual(['gil.owner@example.test', 'hal.new@example.test']);
    await accountMailSettled(testApp.app);
    // The password's hash is gone from both jobs' rows once they ran (the owner's was never used).
    const kept = await withJobs(testApp.database.db)
      .selectFrom('jobs')
      .select(sql<string | null>`payload->>'passwordHash'`.as('hash'))
      .where('name', '=', accountMailJob)
      .where(sql<string>`payload->>'email'`, 'in', ['gil.owner@example.test', 'hal.new@example.test'])
      .execute();
    expect(kept).toEqual([{ hash: null }, { hash: null }]);

    expect(await accountOf('gil.owner@example.test')).toEqual(before);
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'admin_user.register')
      .where('actor_id', '=', owner.adminUser.id)
      .execute();
    expect(audited).toEqual([]);
    const note = await latestMail(testApp.app, 'gil.owner@example.test');
    expect(note?.subject).toBe('You already have a Waratah Labs Adviser Portal account');
    expect(note?.text).toContain('Hi Gil,');
    expect(verificationCodeIn(note)).toBe('');
    expect(note?.links[0]).toEqual({ label: 'Sign in', url: 'http://waratahlabs.localhost:8080/' });
    expect(note?.text).toContain('http://waratahlabs.localhost:8080/reset-password');
    expect(verificationCodeIn(await latestMail(testApp.app, 'hal.new@example.test'))).toMatch(/^\d{6}$/);
    // The owner still signs in with the password they had.
    const token = await post('/oauth/admin/token', {
      grant_type: 'password',
      username: 'gil.owner@example.test',
      password: owner.password,
      ...oauth,
    });
    expect(token.statusCode).toBe(200);
  });

  it('completes two first registrations of one address at once: one fails, and its retry finds the account', async () => {
    const request = {
      kind: 'registration' as const,
      tenantId: 'waratahlabs' as const,
      email: 'ivy.twice@example.test',
      givenName: 'Ivy',
      familyName: 'Twice',
      portalOrigin: 'http://waratahlabs.localhost:8080',
      ip: '198.51.100.7',
    };
    const job = () => ({ id: randomUUID(), attempt: 1 });
    const both = await Promise.allSettled([
      completeRegistration(testApp.app, request, job()),
      completeRegistration(testApp.app, request, job()),
    ]);
    expect(both.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    // The job queue runs a failed attempt again: the account is there, and it is renamed and coded.
    if (both.some((result) => result.status === 'rejected'))
      await completeRegistration(testApp.app, request, job());
    const accounts = await testApp.database.db
      .selectFrom('admin_users')
      .select(['email_verified_at', 'given_name'])
      .where('email', '=', 'ivy.twice@example.test')
      .execute();
    expect(accounts).toEqual([{ email_verified_at: null, given_name: 'Ivy' }]);
    expect(verificationCodeIn(await latestMail(testApp.app, 'ivy.twice@example.test'))).toMatch(/^\d{6}$/);
  });

  it('keeps, run again after its code failed to send, the password the registration brought', async () => {
    const chosen = 'Kangaroo-Paw-Blooms-2026';
    const request = {
      kind: 'registration' as const,
      tenantId: 'waratahlabs' as const,
      email: 'jo.retry@example.test',
      givenName: 'Jo',
      familyName: 'Retry',
      passwordHash: await hashPassword(chosen),
      portalOrigin: 'http://waratahlabs.localhost:8080',
      ip: '198.51.100.8',
    };
    const job = { id: randomUUID(), attempt: 1 };
    await completeRegistration(testApp.app, request, job);
    // The same job's next attempt (as after a failed send) finds its own row and leaves it.
    await completeRegistration(testApp.app, request, { ...job, attempt: 2 });
    const account = await testApp.database.db
      .selectFrom('admin_users')
      .select('password_hash')
      .where('email', '=', 'jo.retry@example.test')
      .executeTakeFirstOrThrow();
    expect(account.password_hash).toBe(request.passwordHash);
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'admin_user.register')
      .where('ip', '=', '198.51.100.8')
      .execute();
    expect(audited).toHaveLength(1);
  });

  it('is refused on a tenant with single sign-on, whose advisers register on its identity’s page', async () => {
    const sso = await createSignedInAdminUser(testApp.app, {
      tenantId: 'waratah',
      email: 'sso.adviser@example.test',
    });
    await testApp.app.database.db
      .updateTable('admin_users')
      .set({ email_verified_at: null })
      .where('id', '=', sso.adminUser.id)
      .execute();
    const before = await testApp.app.database.db
      .selectFrom('admin_users')
      .select(['password_hash', 'given_name'])
      .where('id', '=', sso.adminUser.id)
      .executeTakeFirstOrThrow();
    const attempt = await post(
      '/api/admin/adminusers/register',
      {
        email: 'sso.adviser@example.test',
        given_name: 'Mallory',
        family_name: 'Taker',
        password: 'Attacker-Chosen-Password-9',
        password_confirmation: 'Attacker-Chosen-Password-9',
        terms_accepted: true,
      },
      { host: 'localhost:8080' },
    );
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json().error.error_message).toBe('Advisers of this portal register on its sign-in page');
    const after = await testApp.app.database.db
      .selectFrom('admin_users')
      .select(['password_hash', 'given_name'])
      .where('id', '=', sso.adminUser.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('confirms no address by e-mailed code on a tenant with single sign-on, whose identity asks for the password', async () => {
    const email = 'sso.unconfirmed@example.test';
    const sso = await createSignedInAdminUser(testApp.app, { tenantId: 'waratah', email });
    const db = testApp.app.database.db;
    await db
      .updateTable('admin_users')
      .set({ email_verified_at: null })
      .where('id', '=', sso.adminUser.id)
      .execute();
    const code = await testApp.app.oneTimeTokens.issueCode({
      tenantId: 'waratah',
      adminUserId: sso.adminUser.id,
      purpose: 'email_verification',
      ttlSeconds: 900,
    });
    const mailJobsFor = () =>
      withJobs(db)
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', accountMailJob)
        .where(sql<string>`payload->>'email'`, '=', email)
        .execute();

    for (const body of [{ email }, { email, code }]) {
      const refused = await post('/api/adviser/parties/external/verify', body, { host: 'localhost:8080' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.error_message).toBe(
        'Advisers of this portal confirm their address on its sign-in page',
      );
    }
    expect(await mailJobsFor()).toEqual([]);
    const account = await db
      .selectFrom('admin_users')
      .select('email_verified_at')
      .where('id', '=', sso.adminUser.id)
      .executeTakeFirstOrThrow();
    expect(account.email_verified_at).toBeNull();
  });

  it('keeps the code when the link to set a password cannot be made, so the same code works again', async () => {
    const email = 'ivy.retry@example.test';
    await post('/api/admin/adminusers/register', {
      email,
      given_name: 'Ivy',
      family_name: 'Retry',
      terms_accepted: true,
    });
    await accountMailSettled(testApp.app);
    const code = verificationCodeIn(await latestMail(testApp.app, email));
    const tokens = testApp.app.oneTimeTokens;
    const issueLinkToken = tokens.issueLinkToken;
    // The database fails as the link is written, after the code was checked.
    tokens.issueLinkToken = async () => {
      throw new Error('connection lost');
    };
    try {
      const failed = await post('/api/adviser/parties/external/verify', { email, code });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      tokens.issueLinkToken = issueLinkToken;
    }
    const account = () =>
      testApp.app.database.db
        .selectFrom('admin_users')
        .select('email_verified_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    expect((await account()).email_verified_at).toBeNull();

    const again = await post('/api/adviser/parties/external/verify', { email, code });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ email_verified: true, invitation_token: expect.any(String) });
    expect((await account()).email_verified_at).not.toBeNull();
  });

  it('does not sign in an account whose e-mail is not verified', async () => {
    await post('/api/admin/adminusers/register', {
      email: 'eve@example.test',
      given_name: 'Eve',
      family_name: 'Ma',
      password,
      password_confirmation: password,
      terms_accepted: true,
    });
    await accountMailSettled(testApp.app);
    const token = await post('/oauth/admin/token', {
      grant_type: 'password',
      username: 'eve@example.test',
      password,
      ...oauth,
    });
    expect(token.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Please verify your email address before signing in',
    });
  });
});
