import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAuthSettings } from '../../auth/auth-settings.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../../testing/sign-in.ts';

const host = 'moneypartner.localhost:8080';

/** A moneypartner adviser's password sign-in at the admin token endpoint, from `ip`. */
function passwordSignIn(
  testApp: TestApp,
  username: string,
  password: string,
  { ip, headers = {} }: { ip: string; headers?: Record<string, string> },
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/oauth/admin/token',
    headers: { host, ...headers },
    remoteAddress: ip,
    payload: {
      grant_type: 'password',
      username,
      password,
      client_id: 'moneypartner-adviser-portal',
      domain: 'moneypartner.com.au',
      scope: '',
    },
  });
}

describe('brute-force limits on the token endpoints', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp({
      credentials: { settings: { signInFailuresPerAccount: 3, signInFailuresPerIp: 5 } },
    });
    adviser = await createSignedInAdminUser(testApp.app);
  });
  afterAll(() => testApp.close());

  function signIn(username: string, password: string, ip = '203.0.113.7') {
    return passwordSignIn(testApp, username, password, { ip });
  }

  it('allows at most 100 failed sign-ins per account and 300 per IP an hour by default', () => {
    expect(defaultAuthSettings.signInFailuresPerAccount).toBe(100);
    expect(defaultAuthSettings.signInFailuresPerIp).toBe(300);
  });

  it('refuses an account after its limit of failures, even with the right password, saying when to retry', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        (await signIn(adviser.adminUser.email, 'Wrong-Password-000000', `198.51.100.${attempt}`)).statusCode,
      ).toBe(400);
    }
    const limited = await signIn(adviser.adminUser.email, adviser.password, '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringMatching(
        /^Too many failed sign-in attempts; try again in \d+ minutes?$/,
      ),
    });
  });

  it('checks no more passwords than the limit of a burst of wrong ones sent at once', async () => {
    const target = await createSignedInAdminUser(testApp.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        signIn(target.adminUser.email, 'Wrong-Password-000000', `198.18.0.${attempt}`),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 400)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(27);
  });

  it('takes a right password off the count, so an adviser who signs in often is never refused for it', async () => {
    const regular = await createSignedInAdminUser(testApp.app);
    const ip = '198.18.1.1';
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await signIn(regular.adminUser.email, 'Wrong-Password-000000', ip)).statusCode).toBe(400);
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await signIn(regular.adminUser.email, regular.password, ip)).statusCode).toBe(200);
    expect((await signIn(regular.adminUser.email, 'Wrong-Password-000000', ip)).statusCode).toBe(400);
    expect((await signIn(regular.adminUser.email, regular.password, ip)).statusCode).toBe(429);
  });

  it('refuses an IP after its limit of failures across accounts', async () => {
    const other = await createSignedInAdminUser(testApp.app);
    for (let attempt = 0; attempt < 5; attempt++) {
      await signIn(`nobody-${attempt}@example.test`, 'Wrong-Password-000000', '192.0.2.50');
    }
    const limited = await signIn(other.adminUser.email, other.password, '192.0.2.50');
    expect(limited.statusCode).toBe(429);
    // Refused by its address, an attempt naming a new account writes no counter for it (before
    // 2026-11-30 each did, so one address could fill the table with accounts it named).
    expect((await signIn('never-named@example.test', 'Wrong-Password-000000', '192.0.2.50')).statusCode).toBe(
      429,
    );
    const counters = await testApp.database.db
      .selectFrom('rate_limit_buckets')
      .select('key')
      .where('key', 'like', '%never-named@example.test%')
      .execute();
    expect(counters).toEqual([]);
    expect((await signIn(other.adminUser.email, other.password, '192.0.2.51')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so fresh addresses of one network do not reset its count', async () => {
    const other = await createSignedInAdminUser(testApp.app);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(`nobody-v6-${attempt}@example.test`, 'Wrong-Password-000000', `2001:db8:7:7::${attempt}`);
    }
    expect((await signIn(other.adminUser.email, other.password, '2001:db8:7:7:ab:cd:ef:1')).statusCode).toBe(
      429,
    );
    expect((await signIn(other.adminUser.email, other.password, '2001:db8:7:8::1')).statusCode).toBe(200);
  });
});

describe('a browser that signed in to the account before (its device cookie)', () => {
  let testApp: TestApp;
  const portal = `http://${host}`;
  const deviceCookie = 'waratah-admin-device';

  beforeAll(async () => {
    testApp = await buildTestApp({
      credentials: { settings: { signInFailuresPerAccount: 3, signInFailuresPerIp: 50 } },
    });
  });
  afterAll(() => testApp.close());

  function signIn(
    username: string,
    password: string,
    { ip = '203.0.113.20', device = '', origin = portal } = {},
  ) {
    return passwordSignIn(testApp, username, password, {
      ip,
      headers: { origin, ...(device && { cookie: `${deviceCookie}=${device}` }) },
    });
  }

  /** An adviser who has signed in once from their portal: the device cookie the answer set. */
  async function adviserWithDevice() {
    const adviser = await createSignedInAdminUser(testApp.app);
    const first = await signIn(adviser.adminUser.email, adviser.password);
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((each) => each.name === deviceCookie);
    if (!cookie) throw new Error('no device cookie');
    return { adviser, cookie };
  }

  async function lockOut(email: string) {
    for (let attempt = 0; attempt < 3; attempt++)
      expect(
        (await signIn(email, 'Wrong-Password-000000', { ip: `198.51.100.${attempt + 1}` })).statusCode,
      ).toBe(400);
  }

  it('is set by a sign-in from the portal, HttpOnly and SameSite=Strict, for 90 days', async () => {
    const { adviser, cookie } = await adviserWithDevice();
    expect(cookie).toMatchObject({
      path: '/oauth',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 90 * 24 * 3600,
    });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Kept as its hash only, for this adviser's account.
    const stored = await testApp.database.db
      .selectFrom('sign_in_devices')
      .select(['token_hash', 'account', 'audience'])
      .where('token_hash', '=', createHash('sha256').update(cookie.value).digest('hex'))
      .execute();
    expect(stored).toEqual([
      {
        token_hash: expect.any(String),
        account: adviser.adminUser.email.toLowerCase(),
        audience: 'admin_user',
      },
    ]);
  });

  it('lets the owner sign in from their browser while strangers’ failures lock the account', async () => {
    const { adviser, cookie } = await adviserWithDevice();
    await lockOut(adviser.adminUser.email);
    expect((await signIn(adviser.adminUser.email, adviser.password)).statusCode).toBe(429);
    const known = await signIn(adviser.adminUser.email, adviser.password, { device: cookie.value });
    expect(known.statusCode).toBe(200);
    // The same browser keeps the same cookie, its expiry renewed.
    expect(known.cookies.find((each) => each.name === deviceCookie)?.value).toBe(cookie.value);
  });

  it('counts the browser’s own failures against it, with the same limit, and not against the account', async () => {
    const { adviser, cookie } = await adviserWithDevice();
    for (let attempt = 0; attempt < 3; attempt++)
      expect(
        (await signIn(adviser.adminUser.email, 'Wrong-Password-000000', { device: cookie.value })).statusCode,
      ).toBe(400);
    expect(
      (await signIn(adviser.adminUser.email, adviser.password, { device: cookie.value })).statusCode,
    ).toBe(429);
    // Another browser is not held back by this one's failures.
    expect(
      (await signIn(adviser.adminUser.email, adviser.password, { ip: '198.51.100.77' })).statusCode,
    ).toBe(200);
  });

  it('is of no help for another account, once expired, or forged', async () => {
    const { cookie } = await adviserWithDevice();
    const other = await createSignedInAdminUser(testApp.app);
    await lockOut(other.adminUser.email);
    expect((await signIn(other.adminUser.email, other.password, { device: cookie.value })).statusCode).toBe(
      429,
    );
    expect((await signIn(other.adminUser.email, other.password, { device: 'x'.repeat(43) })).statusCode).toBe(
      429,
    );
    const { adviser: third, cookie: thirds } = await adviserWithDevice();
    await lockOut(third.adminUser.email);
    await testApp.database.db
      .updateTable('sign_in_devices')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('account', '=', third.adminUser.email.toLowerCase())
      .execute();
    expect((await signIn(third.adminUser.email, third.password, { device: thirds.value })).statusCode).toBe(
      429,
    );
  });

  it('is not set for a caller other than the tenant’s portal', async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    const answer = await signIn(adviser.adminUser.email, adviser.password, {
      origin: 'https://elsewhere.example',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.cookies.find((each) => each.name === deviceCookie)).toBeUndefined();
  });
});
