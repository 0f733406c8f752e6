import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { accountMailSettled } from '../testing/latest-mail.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../testing/sign-in.ts';

describe('limits on requests that send e-mail', () => {
  let testApp: TestApp;
  let first: SignedInAdminUser;
  let second: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp({ credentials: { settings: { mailsPerAddress: 2, mailsPerIp: 3 } } });
    first = await createSignedInAdminUser(testApp.app);
    second = await createSignedInAdminUser(testApp.app);
  });
  afterAll(() => testApp.close());

  const invite = (adviser: SignedInAdminUser, email: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/admin/user/invite',
      headers: adviser.headers,
      payload: { email, given_name: 'Invited', family_name: 'Client' },
    });

  /** What a refused invitation must not have left: a client, a link or an e-mail. */
  async function traces(email: string) {
    const db = testApp.database.db;
    await accountMailSettled(testApp.app);
    const clients = await db.selectFrom('clients').select('id').where('email', '=', email).execute();
    const mail = await db.selectFrom('mail_messages').select('id').where('to_address', '=', email).execute();
    return { clients: clients.length, mail: mail.length };
  }

  it('counts an adviser’s invitations per adviser, and refuses past the limit writing nothing', async () => {
    for (const n of [1, 2, 3])
      expect((await invite(first, `invitee-${n}@example.test`)).statusCode).toBe(201);
    const refused = await invite(first, 'invitee-4@example.test');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatchObject({
      error_code: 'F0006',
      error_message: expect.stringMatching(/^Too many e-mails requested; try again in \d+ minutes?$/),
    });
    expect(await traces('invitee-4@example.test')).toEqual({ clients: 0, mail: 0 });
    // A colleague at the same address (the same IP) has a count of their own.
    expect((await invite(second, 'invitee-5@example.test')).statusCode).toBe(201);
  });

  it('counts each invited address, conflicts included', async () => {
    expect((await invite(second, 'twice@example.test')).statusCode).toBe(201);
    expect((await invite(second, 'twice@example.test')).statusCode).toBe(409);
    expect((await invite(second, 'twice@example.test')).statusCode).toBe(429);
    expect(await traces('twice@example.test')).toEqual({ clients: 1, mail: 1 });
  });

  it('counts the anonymous requests (a reset link) per client IP, with Retry-After', async () => {
    const reset = (email: string, remoteAddress = '192.0.2.10') =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/admin/adminusers/reset',
        headers: { host: first.headers.host },
        remoteAddress,
        payload: { email },
      });
    for (const n of [1, 2, 3]) expect((await reset(`reset-${n}@example.test`)).statusCode).toBe(200);
    const refused = await reset('reset-4@example.test');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Refused by its sender, the request counted nothing against the address it named.
    expect(
      await testApp.database.db
        .selectFrom('rate_limit_buckets')
        .select('key')
        .where('key', 'like', '%reset-4@example.test%')
        .execute(),
    ).toEqual([]);
    expect((await reset('reset-4@example.test', '192.0.2.11')).statusCode).toBe(200);
  });

  it('counts an address per sender, strangers in all to three times its limit, a practice’s invitation apart', async () => {
    const reset = (remoteAddress: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/admin/adminusers/reset',
        headers: { host: first.headers.host },
        remoteAddress,
        payload: { email: 'owner@example.test' },
      });
    // A stranger uses up the address's limit (two here) from their network…
    expect((await reset('198.51.100.1')).statusCode).toBe(200);
    expect((await reset('198.51.100.1')).statusCode).toBe(200);
    expect((await reset('198.51.100.1')).statusCode).toBe(429);
    // …and the owner still gets their link (before 2026-12-03 the stranger had used it up for all).
    expect((await reset('198.51.100.2')).statusCode).toBe(200);
    // Strangers in all are held to three times the address's limit: six an hour.
    expect((await reset('198.51.100.3')).statusCode).toBe(200);
    expect((await reset('198.51.100.3')).statusCode).toBe(200);
    expect((await reset('198.51.100.4')).statusCode).toBe(200);
    expect((await reset('198.51.100.5')).statusCode).toBe(429);
    // A practice inviting the address is counted apart from them.
    const adviser = await createSignedInAdminUser(testApp.app);
    expect((await invite(adviser, 'owner@example.test')).statusCode).toBe(201);
  });
});
