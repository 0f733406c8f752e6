import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMailSettled, latestMail } from '../../../platform/src/testing/latest-mail.ts';
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
  email: 'grace.hopper@example.com.au',
  password: 'Compiler-Pioneer-1952',
  password_confirmation: 'Compiler-Pioneer-1952',
  terms: 'accepted',
};

describe('registration through the hosted backend', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  async function openRegisterForm(browser: TestBrowser) {
    const page = await browser.follow(`/app/register/?${sdkLoginQuery('from-register')}`);
    expect(page.response.body).toContain('<h1>Create an account</h1>');
    const action = /action="([^"]+\/register)"/.exec(page.response.body)?.[1];
    if (!action) throw new Error('no registration form');
    return action;
  }

  it('shows every field error in the spec’s words and keeps what was typed', async () => {
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const result = await browser.request(action, {
      method: 'POST',
      form: { ...registration, email: 'nope', password: 'short', password_confirmation: 'other', terms: '' },
    });
    expect(result.statusCode).toBe(400);
    expect(result.body).toContain('Please enter a valid email address');
    expect(result.body).toContain('Your password doesn&#39;t meet all the criteria below');
    expect(result.body).toContain('Passwords do not match');
    expect(result.body).toContain('Please agree to the terms and privacy policy');
    expect(result.body).toContain('value="Grace"');
  });

  it('refuses a common password that meets the rules, as the password tenants do', async () => {
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const result = await browser.request(action, {
      method: 'POST',
      form: { ...registration, password: 'Password12345678', password_confirmation: 'Password12345678' },
    });
    expect(result.statusCode).toBe(400);
    expect(result.body).toContain(
      'This password is too common or has appeared in a data breach; please choose another',
    );
    const created = await testApp.database.db
      .selectFrom('admin_users')
      .select('id')
      .where('email', '=', registration.email)
      .execute();
    expect(created).toEqual([]);
  });

  it('reads a field holding the NUL character as missing, and says so', async () => {
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const result = await browser.request(action, {
      method: 'POST',
      form: { ...registration, email: 'grace\u0000@example.com.au' },
    });
    expect(result.statusCode).toBe(400);
    expect(result.body).toContain('Please enter a valid email address');
  });

  it('creates the adviser and signs them in', async () => {
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const done = await browser.follow(action, { method: 'POST', form: registration });
    expect(done.url).toBe(`${portalOrigin}/auth-callback?state=from-register`);
    const me = await browser.request('/app/me/');
    expect(me.json()).toMatchObject({
      email: registration.email,
      given_name: 'Grace',
      family_name: 'Hopper',
      roles: ['adviser'],
    });
    const row = await testApp.database.db
      .selectFrom('admin_users')
      .select(['tenant_id', 'kind', 'terms_accepted_at', 'password_hash'])
      .where('email', '=', registration.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: 'waratah', kind: 'adviser', terms_accepted_at: expect.any(Date) });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("e-mails the new adviser through the platform's mailer, in the tenant's name", async () => {
    await accountMailSettled(testApp.app);
    const mail = await latestMail(testApp.app, registration.email);
    expect(mail).toMatchObject({
      tenant_id: 'waratah',
      subject: 'Welcome to the Waratah Adviser Portal',
      links: [{ label: 'Continue registration', url: `${portalOrigin}/register/company` }],
    });
    expect(mail?.text).toContain('Hi Grace,');
  });

  it('refuses a second account with the same e-mail', async () => {
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const result = await browser.request(action, {
      method: 'POST',
      form: { ...registration, email: testApp.adviser.email },
    });
    expect(result.statusCode).toBe(400);
    expect(result.body).toContain('An account with this email address already exists. Please sign in.');
  });
});
