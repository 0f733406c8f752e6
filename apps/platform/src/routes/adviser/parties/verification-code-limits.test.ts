import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { accountMailSettled, latestMail, verificationCodeIn } from '../../../testing/latest-mail.ts';

const host = 'waratahlabs.localhost:8080';
const guesser = '203.0.113.66';

describe('wrong verification codes, counted per IP', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ credentials: { settings: { signInFailuresPerIp: 4 } } });
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: object, remoteAddress = '198.51.100.1') =>
    testApp.app.inject({ method: 'POST', url, headers: { host }, payload, remoteAddress });
  const verify = (email: string, code: string, remoteAddress: string) =>
    post('/api/adviser/parties/external/verify', { email, code }, remoteAddress);

  async function registered(email: string): Promise<string> {
    const response = await post('/api/admin/adminusers/register', {
      email,
      given_name: 'Ida',
      family_name: 'Guess',
      terms_accepted: true,
    });
    expect(response.statusCode, response.body).toBe(202);
    await accountMailSettled(testApp.app);
    const code = verificationCodeIn(await latestMail(testApp.app, email));
    if (!code) throw new Error(`no code was sent to ${email}`);
    return code;
  }
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
  const verifiedAt = async (email: string) =>
    (
      await testApp.database.db
        .selectFrom('admin_users')
        .select('email_verified_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).email_verified_at;

  it('refuses an address past the limit across accounts, even the right code, and counts with its sign-ins', async () => {
    const first = await registered('ida.first@example.test');
    const second = await registered('ida.second@example.test');
    // Four guesses from one address, each under the five a code allows: two accounts and one
    // address that has no account.
    for (const [email, code] of [
      ['ida.first@example.test', wrongFor(first)],
      ['ida.first@example.test', wrongFor(first)],
      ['ida.second@example.test', wrongFor(second)],
      ['nobody@example.test', '123456'],
    ] as const) {
      expect((await verify(email, code, guesser)).statusCode).toBe(400);
    }

    const limited = await verify('ida.first@example.test', first, guesser);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toEqual({
      error_code: 'F0006',
      error_type: 'rate_limited',
      error_message: expect.stringMatching(/^Too many wrong codes; try again in \d+ minutes?$/),
    });
    expect(await verifiedAt('ida.first@example.test')).toBeNull();

    // The same count as failed sign-ins: the address's next sign-in is refused before its password.
    const signIn = await post(
      '/oauth/admin/token',
      {
        grant_type: 'password',
        username: 'ida.second@example.test',
        password: 'Anything-At-All-2026',
        client_id: 'waratahlabs-adviser-portal-staging',
        domain: 'staging.waratahlabs.com.au',
      },
      guesser,
    );
    expect(signIn.statusCode).toBe(429);

    // Another address is not held back, and the code still works (two tries of its five used).
    const verified = await verify('ida.first@example.test', first, '198.51.100.2');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await verifiedAt('ida.first@example.test')).not.toBeNull();
  });
});
