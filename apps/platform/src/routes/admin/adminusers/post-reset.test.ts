import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { accountMailSettled, latestMail, linkParameter } from '../../../testing/latest-mail.ts';
import {
  adminPasswordSignIn,
  createSignedInAdminUser,
  type SignedInAdminUser,
} from '../../../testing/sign-in.ts';

const host = 'moneypartner.localhost:8080';
const newPassword = 'Blue-Mountains-Walk-2030';

describe('password reset', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    adviser = await createSignedInAdminUser(testApp.app, { email: 'reset.me@example.test' });
  });
  afterAll(() => testApp.close());

  /** Asks for a reset, and waits for its e-mail (a job) to be sent or found to have no account. */
  async function reset(email: string) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset',
      headers: { host },
      payload: { email },
    });
    await accountMailSettled(testApp.app);
    return response;
  }

  function setPassword(payload: Record<string, string>) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset/password',
      headers: { host },
      payload,
    });
  }

  function signIn(password: string) {
    return adminPasswordSignIn(testApp.app, { host, email: 'reset.me@example.test', password });
  }

  it('answers the same for an unknown address and e-mails nothing', async () => {
    const unknown = await reset('nobody@example.test');
    const known = await reset('reset.me@example.test');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await latestMail(testApp.app, 'nobody@example.test')).toBeUndefined();
  });

  it("e-mails a branded link to the tenant's portal that sets the password once", async () => {
    await reset('reset.me@example.test');
    const mail = await latestMail(testApp.app, 'reset.me@example.test');
    expect(mail?.subject).toBe('Reset your MoneyPartner password');
    expect(mail?.html).toContain('#1a6b40');
    expect(mail?.links[0]?.url).toMatch(
      /^http:\/\/moneypartner\.localhost:8080\/set-password\?reset_password_token=[\w-]{43}$/,
    );
    const token = linkParameter(mail, 'reset_password_token');

    const body = { reset_password_token: token, password: newPassword, password_confirmation: newPassword };
    const first = await setPassword(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { email: 'reset.me@example.test' } });
    expect((await signIn(newPassword)).statusCode).toBe(200);
    expect((await signIn(adviser.password)).statusCode).toBe(400);

    const again = await setPassword(body);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual([
      {
        field: 'body.reset_password_token',
        message: 'This link has expired or has already been used; please ask for a new one',
      },
    ]);
  });

  it('ends every earlier sign-in of the account', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    await reset(signedIn.adminUser.email);
    const token = linkParameter(
      await latestMail(testApp.app, signedIn.adminUser.email),
      'reset_password_token',
    );
    await setPassword({
      reset_password_token: token,
      password: newPassword,
      password_confirmation: newPassword,
    });
    const details = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/adminusers/details',
      headers: signedIn.headers,
    });
    expect(details.statusCode).toBe(401);
  });

  it('refuses an expired link', async () => {
    await reset('reset.me@example.test');
    const token = linkParameter(
      await latestMail(testApp.app, 'reset.me@example.test'),
      'reset_password_token',
    );
    await testApp.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const response = await setPassword({
      reset_password_token: token,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.error_message).toMatch(/expired or has already been used/);
  });

  it('names each unmet password rule, and a mismatch', async () => {
    const response = await setPassword({
      reset_password_token: 'x',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().error.fields.map((field: { message: string }) => field.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Password must be at least 16 characters',
        'Password must contain at least one number',
        'Password must contain an uppercase letter',
      ]),
    );
    const mismatch = await setPassword({
      reset_password_token: 'x',
      password: newPassword,
      password_confirmation: 'Other-Password-12345',
    });
    expect(mismatch.json().error.fields).toEqual([
      { field: 'body.password_confirmation', message: 'Passwords do not match' },
    ]);
  });

  it('refuses a common password that meets the rules', async () => {
    const response = await setPassword({
      reset_password_token: 'x',
      password: 'Password12345678',
      password_confirmation: 'Password12345678',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      {
        field: 'body.password',
        message: 'This password is too common or has appeared in a data breach; please choose another',
      },
    ]);
  });
});
