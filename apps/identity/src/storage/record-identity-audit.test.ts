import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMailSettled, latestMail } from '../../../platform/src/testing/latest-mail.ts';
import {
  holdTableLocked,
  waitForALockWait,
  withinOrWaited,
} from '../../../platform/src/testing/lock-wait.ts';
import {
  buildIdentityTestApp,
  type IdentityTestApp,
  portalOrigin,
  sdkLoginQuery,
  waratahClientId,
} from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';

const from = '198.51.100.77';

/**
 * What advisers do at the identity is in the platform's audit log, as the platform's own sign-ins
 * are: signing in (and a wrong password for an account), registering, changing the password and
 * signing out, each with who, through which portal and from where.
 */
describe('the identity’s audit log', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  const rowsOf = (adminUserId: number) =>
    testApp.database.db
      .selectFrom('audit_log')
      .select(['tenant_id', 'actor_kind', 'action', 'target_type', 'target_id', 'ip'])
      .where('actor_kind', '=', 'admin_user')
      .where('actor_id', '=', adminUserId)
      .where('ip', '=', from)
      .orderBy('id')
      .execute();
  const row = (action: string, targetType = 'oauth_client', targetId = waratahClientId) => ({
    tenant_id: 'waratah',
    actor_kind: 'admin_user',
    action,
    target_type: targetType,
    target_id: targetId,
    ip: from,
  });

  async function submitLogin(browser: TestBrowser, email: string, password: string) {
    const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    return browser.follow(action, { method: 'POST', form: { email, password } });
  }

  // Needs a second connection to hold the audit log while the sign-in is answered.
  it.runIf(process.env.DATABASE_URL)(
    'answers a wrong password without waiting for its audit row, as it answers an unknown address',
    async () => {
      const db = testApp.database.db;
      const browser = new TestBrowser(testApp.app, undefined, '198.51.100.78');
      const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
      const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
      // No row can be added to the audit log until the test lets go.
      const lock = await holdTableLocked(db, 'audit_log');
      try {
        const answer = browser.request(action, {
          method: 'POST',
          form: { email: testApp.adviser.email, password: 'Not-The-Password-456' },
        });
        // Before 2026-12-01 the answer waited for the row, and so for the lock: it never came.
        expect(
          await withinOrWaited(
            answer.then((response) => response.statusCode),
            10_000,
          ),
        ).toBe(401);
        await waitForALockWait(db, 'The audit row of the wrong password was never written');
      } finally {
        await lock.release();
      }
      await expect
        .poll(
          async () =>
            (
              await db
                .selectFrom('audit_log')
                .select('id')
                .where('action', '=', 'session.sign_in_failed')
                .where('ip', '=', '198.51.100.78')
                .execute()
            ).length,
        )
        .toBe(1);
    },
  );

  it('records a wrong password, a sign-in, a password change and a sign-out, and nothing for refusals', async () => {
    const { adviser } = testApp;
    const browser = new TestBrowser(testApp.app, undefined, from);
    expect((await submitLogin(browser, adviser.email, 'Not-The-Password-123')).response.statusCode).toBe(401);
    // Its row is written after the answer: in the log before the next step, so the order below holds.
    await expect.poll(() => rowsOf(adviser.id)).toEqual([row('session.sign_in_failed')]);
    // An unknown name names no account: refused the same way, with no row.
    await submitLogin(browser, 'nobody@example.com.au', 'Not-The-Password-123');
    const done = await submitLogin(browser, adviser.email, adviser.password);
    expect(done.url).toBe(`${portalOrigin}/auth-callback?state=portal-state`);

    const change = (current: string, password: string) =>
      browser.request(`/account/password?client_id=${waratahClientId}`, {
        method: 'POST',
        form: { current_password: current, password, password_confirmation: password },
      });
    expect((await change('wrong', 'Another-Strong-Password-7')).statusCode).toBe(400);
    expect((await change(adviser.password, 'Another-Strong-Password-7')).statusCode).toBe(200);

    const logout = await browser.request(`/app/logout/?client_id=${waratahClientId}`);
    expect(logout.statusCode).toBe(302);
    // Signing out again, with no session left, ends nothing and writes nothing.
    await browser.request(`/app/logout/?client_id=${waratahClientId}`);

    expect(await rowsOf(adviser.id)).toEqual([
      row('session.sign_in_failed'),
      row('session.sign_in'),
      row('admin_user.password.change', 'admin_user', String(adviser.id)),
      row('session.sign_out'),
    ]);
  });

  it('records a registration (no sign-in until the address is confirmed), then the confirmation; a refused one writes nothing', async () => {
    const browser = new TestBrowser(testApp.app, undefined, from);
    const register = async (email: string) => {
      const page = await browser.follow(`/app/register/?${sdkLoginQuery('from-register')}`);
      const action = /action="([^"]+\/register)"/.exec(page.response.body)?.[1] ?? '';
      const password = 'Compiler-Pioneer-1952';
      return browser.follow(action, {
        method: 'POST',
        form: {
          given_name: 'Grace',
          family_name: 'Hopper',
          email,
          password,
          password_confirmation: password,
          terms: 'accepted',
        },
      });
    };
    const before = await testApp.database.db.selectFrom('audit_log').select('id').execute();
    // A confirmed account's address is answered as a new one, and writes nothing.
    expect((await register(testApp.adviser.email)).response.statusCode).toBe(200);
    expect(await testApp.database.db.selectFrom('audit_log').select('id').execute()).toEqual(before);

    const done = await register('grace.audit@example.com.au');
    expect(done.response.body).toContain('<h1>Confirm your e-mail address</h1>');
    const { id } = await testApp.database.db
      .selectFrom('admin_users')
      .select('id')
      .where('email', '=', 'grace.audit@example.com.au')
      .executeTakeFirstOrThrow();
    expect(await rowsOf(id)).toEqual([row('admin_user.register', 'admin_user', String(id))]);

    await accountMailSettled(testApp.app);
    const link = (await latestMail(testApp.app, 'grace.audit@example.com.au'))?.links[0]?.url ?? '';
    const page = await browser.follow(link.replace(/^https?:\/\/[^/]+/, ''));
    const action = /action="([^"]+)"/.exec(page.response.body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    const password = 'Compiler-Pioneer-1952';
    expect((await browser.request(action, { method: 'POST', form: { token, password } })).statusCode).toBe(
      200,
    );
    expect(await rowsOf(id)).toEqual([
      row('admin_user.register', 'admin_user', String(id)),
      row('admin_user.email.verify', 'admin_user', String(id)),
    ]);
  });
});
