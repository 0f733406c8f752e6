import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIdentityTestApp,
  type IdentityTestApp,
  sdkLoginQuery,
  waratahClientId,
} from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';

describe('sign-in form limits', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp({ credentials: { settings: { signInFailuresPerAccount: 2 } } });
  });
  afterAll(() => testApp.close());

  it('refuses even the right password once an account has too many failures', async () => {
    const browser = new TestBrowser(testApp.app);
    const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    const attempt = (password: string) =>
      browser.request(action, { method: 'POST', form: { email: testApp.adviser.email, password } });
    expect((await attempt('Wrong-Password-Number-1')).statusCode).toBe(401);
    expect((await attempt('Wrong-Password-Number-2')).statusCode).toBe(401);
    const locked = await attempt(testApp.adviser.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body).toContain('Too many failed sign-in attempts');
  });
});

describe('sign-in form limits and a browser that signed in before (its device cookie)', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp({ credentials: { settings: { signInFailuresPerAccount: 2 } } });
  });
  afterAll(() => testApp.close());

  async function submitForm(browser: TestBrowser, password: string) {
    const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    return browser.request(action, { method: 'POST', form: { email: testApp.adviser.email, password } });
  }

  it('lets the owner sign in from their browser while strangers’ failures lock the account', async () => {
    const owner = new TestBrowser(testApp.app);
    const first = await submitForm(owner, testApp.adviser.password);
    expect(first.statusCode).toBe(303);
    const set = first.cookies.find((cookie) => cookie.name === 'waratah-sign-in-device');
    expect(set).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict', maxAge: 90 * 24 * 3600 });

    const stranger = new TestBrowser(testApp.app, undefined, '198.51.100.9');
    expect((await submitForm(stranger, 'Wrong-Password-Number-1')).statusCode).toBe(401);
    expect((await submitForm(stranger, 'Wrong-Password-Number-2')).statusCode).toBe(401);
    expect((await submitForm(stranger, testApp.adviser.password)).statusCode).toBe(429);
    // A browser that never signed in is refused from any address: the account is locked to it.
    expect((await submitForm(new TestBrowser(testApp.app), testApp.adviser.password)).statusCode).toBe(429);

    expect((await submitForm(owner, testApp.adviser.password)).statusCode).toBe(303);
    // The owner's browser has its own count: its wrong passwords are still limited.
    expect((await submitForm(owner, 'Wrong-Password-Number-3')).statusCode).toBe(401);
    expect((await submitForm(owner, 'Wrong-Password-Number-4')).statusCode).toBe(401);
    expect((await submitForm(owner, testApp.adviser.password)).statusCode).toBe(429);
  });
});

describe('sign-in form limits, counted before the password is checked', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp({ credentials: { settings: { signInFailuresPerAccount: 2 } } });
  });
  afterAll(() => testApp.close());

  async function signInForm() {
    const browser = new TestBrowser(testApp.app);
    const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    return (password: string) =>
      browser.request(action, { method: 'POST', form: { email: testApp.adviser.email, password } });
  }

  it('never counts a right password, however often the adviser signs in', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const submit = await signInForm();
      expect((await submit(testApp.adviser.password)).statusCode).toBe(303);
    }
  });

  it('checks no more passwords than the limit of a burst sent at once', async () => {
    const forms = await Promise.all(Array.from({ length: 10 }, () => signInForm()));
    const answers = await Promise.all(forms.map((submit, n) => submit(`Wrong-Password-Number-${n}`)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(2);
    expect(codes.filter((code) => code === 429)).toHaveLength(8);
  });
});

describe('the account page’s current password', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp({ credentials: { settings: { signInFailuresPerAccount: 2 } } });
  });
  afterAll(() => testApp.close());

  it('counts a wrong one as a failed sign-in, and refuses even the right one past the limit', async () => {
    const browser = new TestBrowser(testApp.app);
    const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    await browser.follow(action, {
      method: 'POST',
      form: { email: testApp.adviser.email, password: testApp.adviser.password },
    });
    const passwordHash = async () =>
      (
        await testApp.database.db
          .selectFrom('admin_users')
          .select('password_hash')
          .where('id', '=', testApp.adviser.id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const before = await passwordHash();
    const change = (current: string) =>
      browser.request(`/account/password?client_id=${waratahClientId}`, {
        method: 'POST',
        form: {
          current_password: current,
          password: 'A-New-Password-2027',
          password_confirmation: 'A-New-Password-2027',
        },
      });
    expect((await change('Wrong-Password-Number-1')).statusCode).toBe(400);
    expect((await change('Wrong-Password-Number-2')).statusCode).toBe(400);
    const locked = await change(testApp.adviser.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body).toContain('Too many failed sign-in attempts');
    expect(await passwordHash()).toBe(before);
  });
});

describe('registration form limits', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp({ credentials: { settings: { mailsPerIp: 1 } } });
  });
  afterAll(() => testApp.close());

  async function register(email: string) {
    const browser = new TestBrowser(testApp.app);
    const page = await browser.follow(`/app/register/?${sdkLoginQuery()}`);
    const action = /action="([^"]+\/register)"/.exec(page.response.body)?.[1] ?? '';
    return browser.request(action, {
      method: 'POST',
      form: {
        given_name: 'Ada',
        family_name: 'Lovelace',
        email,
        password: 'Analytical-Engine-1843',
        password_confirmation: 'Analytical-Engine-1843',
        terms: 'accepted',
      },
    });
  }

  it('counts each registration as an e-mail from its IP, and refuses past the limit making nothing', async () => {
    const first = await register('first.registrant@example.test');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>Confirm your e-mail address</h1>');
    const refused = await register('second.registrant@example.test');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatch(/Too many e-mails requested; try again in \d+ minutes?/);
    expect(refused.body).toContain('value="second.registrant@example.test"');
    const db = testApp.database.db;
    const made = await db
      .selectFrom('admin_users')
      .select('id')
      .where('email', '=', 'second.registrant@example.test')
      .execute();
    const mail = await db
      .selectFrom('mail_messages')
      .select('id')
      .where('to_address', '=', 'second.registrant@example.test')
      .execute();
    expect([made.length, mail.length]).toEqual([0, 0]);
  });
});
