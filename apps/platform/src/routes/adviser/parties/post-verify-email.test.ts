import { resolveTenant } from '@waratah/tenants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJobs } from '../../../jobs/jobs-schema.ts';
import { accountMailJob } from '../../../mail/account-mail-job.ts';
import { createRateLimiter } from '../../../rate-limit/rate-limiter.ts';
import { wrongCodesPerAddressPerDay } from '../../../rate-limit/sign-in-limits.ts';
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
const password = 'Wombat-Digs-By-Moonlight-31';

describe('POST /api/adviser/parties/external/verify: only a registration’s own account', () => {
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
  const post = (url: string, payload: object, remoteAddress = '198.51.100.1') =>
    testApp.app.inject({ method: 'POST', url, headers: { host }, payload, remoteAddress });
  const verify = (payload: { email: string; code?: string }, remoteAddress?: string) =>
    post('/api/adviser/parties/external/verify', payload, remoteAddress);
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  async function register(email: string): Promise<void> {
    const response = await post('/api/admin/adminusers/register', {
      email,
      given_name: 'Rae',
      family_name: 'Registrant',
      terms_accepted: true,
    });
    expect(response.statusCode, response.body).toBe(202);
    await accountMailSettled(testApp.app);
  }

  const accountOf = (email: string) =>
    db()
      .selectFrom('admin_users')
      .selectAll()
      .where('tenant_id', '=', 'waratahlabs')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  const tokensOf = (adminUserId: number, purpose: 'email_verification' | 'invitation') =>
    db()
      .selectFrom('one_time_tokens')
      .select(['id', 'used_at'])
      .where('admin_user_id', '=', adminUserId)
      .where('purpose', '=', purpose)
      .execute();
  /** A code of the account, as one e-mailed before 2026-12-02 would be. */
  const codeFor = async (adminUserId: number) =>
    testApp.app.oneTimeTokens.issueCode({
      tenantId: 'waratahlabs',
      adminUserId,
      purpose: 'email_verification',
      ttlSeconds: 900,
    });

  it('sends no code to a pending colleague’s or operator’s invitation, answering as for an unknown address', async () => {
    await inviteAdminUser(testApp.app, adviser, 'kim.colleague@example.test');
    await inviteAdminUser(testApp.app, operator, 'kim.operator@example.test');
    const unknown = await verify({ email: 'kim.nobody@example.test' });
    expect(unknown.statusCode).toBe(200);
    for (const email of ['kim.colleague@example.test', 'kim.operator@example.test']) {
      const asked = await verify({ email });
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toBe(unknown.body.replaceAll('kim.nobody@example.test', email));
    }
    await accountMailSettled(testApp.app);
    for (const email of ['kim.colleague@example.test', 'kim.operator@example.test']) {
      const account = await accountOf(email);
      expect(await tokensOf(account.id, 'email_verification')).toEqual([]);
      // The newest e-mail is still the invitation, with its link and no code.
      const mail = await latestMail(testApp.app, email);
      expect(verificationCodeIn(mail)).toBe('');
      expect(mail?.links[0]?.url).toMatch(/\/set-password\?invitation_token=/);
    }
  });

  it('confirms no invitation by code and hands out no link, answering as for an unknown address or a wrong code', async () => {
    await inviteAdminUser(testApp.app, adviser, 'lee.colleague@example.test');
    await inviteAdminUser(testApp.app, operator, 'lee.operator@example.test');
    await register('lee.registrant@example.test');
    const colleague = await accountOf('lee.colleague@example.test');
    const operatorInvitee = await accountOf('lee.operator@example.test');
    const registrantCode = verificationCodeIn(await latestMail(testApp.app, 'lee.registrant@example.test'));
    if (!registrantCode) throw new Error('no code was sent to the registrant');
    // The transaction that checks a code runs for every address (an equal share of the work).
    const tokens = testApp.app.oneTimeTokens;
    const consumeCode = tokens.consumeCode;
    const checkedIds: number[] = [];
    tokens.consumeCode = (adminUserId, ...rest) => {
      checkedIds.push(adminUserId);
      return consumeCode(adminUserId, ...rest);
    };
    const answers = [];
    try {
      answers.push(await verify({ email: 'lee.colleague@example.test', code: await codeFor(colleague.id) }));
      answers.push(
        await verify({ email: 'lee.operator@example.test', code: await codeFor(operatorInvitee.id) }),
      );
      answers.push(await verify({ email: 'lee.registrant@example.test', code: wrongFor(registrantCode) }));
      answers.push(await verify({ email: 'lee.nobody@example.test', code: '123456' }));
    } finally {
      tokens.consumeCode = consumeCode;
    }
    expect(checkedIds).toHaveLength(4);
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]?.json().error.fields).toEqual([{ field: 'body.code', message: expect.any(String) }]);

    for (const invitee of [colleague, operatorInvitee]) {
      expect((await accountOf(invitee.email)).email_verified_at).toBeNull();
      // Only the invitation's own link, e-mailed to the invitee: no second one was handed out.
      expect(await tokensOf(invitee.id, 'invitation')).toEqual([{ id: expect.any(Number), used_at: null }]);
    }
    // The invitee still accepts from the link, into the inviter's practice.
    const accepted = await post('/api/admin/adminusers/reset/password', {
      invitation_token: linkParameter(
        await latestMail(testApp.app, 'lee.colleague@example.test'),
        'invitation_token',
      ),
      password,
      password_confirmation: password,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await accountOf('lee.colleague@example.test')).external_party_id).toBe(
      adviser.adminUser.external_party_id,
    );
    // And the registrant's own code still works.
    const verified = await verify({ email: 'lee.registrant@example.test', code: registrantCode });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.invitation_token).toMatch(/^[\w-]{43}$/);
  });

  it('is refused with ta_register off, as registration is, sending nothing', async () => {
    await register('max.off@example.test');
    const code = verificationCodeIn(await latestMail(testApp.app, 'max.off@example.test'));
    if (!code) throw new Error('no code was sent');
    const { environment } = resolveTenant({ host });
    const setRegistration = (enabled: boolean) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/admin/config/app/adviser-web-portal',
        headers: operator.headers,
        payload: { environment, features: [{ key: 'ta_register', enabled }] },
      });
    const mailJobs = () =>
      withJobs(db())
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', accountMailJob)
        .where(sql<string>`payload->>'email'`, '=', 'max.off@example.test')
        .execute();
    const jobsBefore = (await mailJobs()).length;
    expect((await setRegistration(false)).statusCode).toBe(200);
    try {
      for (const body of [{ email: 'max.off@example.test' }, { email: 'max.off@example.test', code }]) {
        const refused = await verify(body);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.error_message).toBe('Registration is off for this portal');
      }
    } finally {
      expect((await setRegistration(true)).statusCode).toBe(200);
    }
    expect(await mailJobs()).toHaveLength(jobsBefore);
    expect((await accountOf('max.off@example.test')).email_verified_at).toBeNull();
  });

  it('refuses an address’s codes after 20 wrong ones in a day, across its codes and callers, as an unknown address’s', async () => {
    // The day's window pinned (noon UTC), so the count never straddles a midnight, whenever this runs.
    const app = testApp.app as { rateLimiter: typeof testApp.app.rateLimiter };
    const rateLimiter = app.rateLimiter;
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    app.rateLimiter = createRateLimiter(db(), () => noon.getTime());
    try {
      expect(wrongCodesPerAddressPerDay).toBe(20);
      await register('ned.guessed@example.test');
      await register('ned.other@example.test');
      const guessed = await accountOf('ned.guessed@example.test');
      let caller = 0;
      const nextCaller = () => `198.51.100.${(caller++ % 200) + 10}`;
      // Five codes, four wrong tries each (under the five a code allows), from ever new addresses.
      for (let round = 0; round < 5; round++) {
        const code = await codeFor(guessed.id);
        for (let attempt = 0; attempt < 4; attempt++) {
          expect(
            (await verify({ email: guessed.email, code: wrongFor(code) }, nextCaller())).statusCode,
          ).toBe(400);
        }
      }
      const right = await verify({ email: guessed.email, code: await codeFor(guessed.id) }, nextCaller());
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      expect(right.json().error).toEqual({
        error_code: 'F0006',
        error_type: 'rate_limited',
        error_message: expect.stringMatching(/^Too many wrong codes; try again in \d+ minutes?$/),
      });
      expect((await accountOf(guessed.email)).email_verified_at).toBeNull();

      // An address without an account is counted and refused alike.
      for (let attempt = 0; attempt < wrongCodesPerAddressPerDay; attempt++) {
        expect(
          (await verify({ email: 'ned.nobody@example.test', code: '123456' }, nextCaller())).statusCode,
        ).toBe(400);
      }
      const unknown = await verify({ email: 'ned.nobody@example.test', code: '123456' }, nextCaller());
      expect(unknown.statusCode).toBe(429);
      expect(unknown.body).toBe(right.body);

      // Another address is not held back, and its right code is not counted against it.
      const otherCode = verificationCodeIn(await latestMail(testApp.app, 'ned.other@example.test'));
      const other = await verify({ email: 'ned.other@example.test', code: otherCode }, nextCaller());
      expect(other.statusCode, other.body).toBe(200);
    } finally {
      app.rateLimiter = rateLimiter;
    }
  });
});
