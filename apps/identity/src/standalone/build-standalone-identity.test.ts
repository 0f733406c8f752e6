import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/src/config/env.ts';
import type { PlatformDatabase } from '../../../platform/src/db/platform-database.ts';
import { seedDatabase } from '../../../platform/src/db/seed.ts';
import { withJobs } from '../../../platform/src/jobs/jobs-schema.ts';
import { sendRaw } from '../../../platform/src/testing/raw-http.ts';
import { securityHeaderProblems } from '../../../platform/src/testing/security-header-problems.ts';
import { createTestDatabase } from '../../../platform/src/testing/test-database.ts';
import { identityMailJob } from '../accounts/identity-mail.ts';
import { sdkLoginQuery, waratahClientId } from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';
import { buildStandaloneIdentity, type StandaloneIdentity } from './build-standalone-identity.ts';

/** Where waratah's production identity is reached: its sign-in server's configured host. */
const signInServer = 'https://auth.waratah.com.au';
const hostedPortal = 'https://portal.waratah.com.au';

// The identity on a host of its own, in production behind a proxy at 10.0.0.5 that ends TLS.
describe('the identity service on its own', () => {
  let database: PlatformDatabase;
  let standalone: StandaloneIdentity;
  const proxy = '10.0.0.5';
  /** A browser on the sign-in server's host, through the proxy. */
  const hostedBrowser = () =>
    new TestBrowser(standalone.app, signInServer, proxy, { 'x-forwarded-proto': 'https' });
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TRUST_PROXY: proxy });
    standalone = await buildStandaloneIdentity(config, database);
  });
  afterAll(async () => {
    await standalone.app.close();
    await database.close();
  });

  it('sends the security headers on its pages, the provider’s own answers, errors and its health check', async () => {
    const browser = hostedBrowser();
    const answers = {
      'sign-in page': await browser
        .follow(`/app/login/?${sdkLoginQuery('portal-state', hostedPortal)}`)
        .then((hop) => hop.response),
      'forgotten-password page': await browser.request('/app/forgot-password/'),
      'OpenID discovery': await browser.request('/oauth2/.well-known/openid-configuration'),
      'signing keys': await browser.request('/oauth2/jwks'),
      'account page, signed out': await browser.request('/account/'),
      'health check': await browser.request('/healthz'),
      'no such page': await browser.request('/nothing-here'),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(securityHeaderProblems(response.headers), what).toEqual([]);
      expect(response.headers['strict-transport-security'], what).toMatch(/max-age=\d+/);
    }
    expect(answers['sign-in page'].statusCode).toBe(200);
    expect(answers['signing keys'].json().keys).toHaveLength(1);
  });

  it('answers a request it cannot read, or a path it cannot decode, with the headers too', async () => {
    await standalone.app.listen({ port: 0, host: '127.0.0.1' });
    const address = standalone.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const unreadable = await sendRaw(port, 'HELLO\r\n\r\n');
    const undecodable = await sendRaw(port, 'GET /app/%zz HTTP/1.1\r\nhost: localhost\r\n\r\n', {
      responses: 1,
    });
    for (const response of [unreadable.responses[0], undecodable.responses[0]]) {
      expect(response?.status).toBe(400);
      expect(securityHeaderProblems(response?.headers ?? {}, { apiData: true })).toEqual([]);
      expect(response?.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
    expect(unreadable.closed).toBe(true);
  });

  it('takes the client’s address from its trusted proxy, for the sign-in limits and the audit log', async () => {
    const email = 'standalone.adviser@example.com.au';
    const adviser = await database.db
      .insertInto('admin_users')
      .values({
        tenant_id: 'waratah',
        email,
        given_name: 'Stan',
        family_name: 'Alone',
        permissions: '[]',
        roles: '["adviser"]',
        password_hash: await hash('Correct-Horse-Battery-9'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const browser = hostedBrowser();
    const page = await browser.follow(`/app/login/?${sdkLoginQuery('portal-state', hostedPortal)}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    const failed = await browser.request(action, {
      method: 'POST',
      form: { email, password: 'Not-The-Password-1' },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(failed.statusCode).toBe(401);
    const audited = () =>
      database.db
        .selectFrom('audit_log')
        .select('ip')
        .where('actor_id', '=', adviser.id)
        .where('action', '=', 'session.sign_in_failed')
        .execute();
    // Written after the answer (so that it takes as long as an unknown address's).
    await expect.poll(audited).toEqual([{ ip: '203.0.113.7' }]);
  });

  it('queues its e-mail in the shared jobs table and sends it with its own worker', async () => {
    await standalone.app.ready();
    const email = 'standalone.adviser@example.com.au';
    const asked = await hostedBrowser().request(`/app/forgot-password/?client_id=${waratahClientId}`, {
      method: 'POST',
      form: { email },
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(asked.statusCode).toBe(200);
    const until = Date.now() + 10_000;
    let job: { state: string; last_error: string | null } | undefined;
    do {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await withJobs(database.db)
        .selectFrom('jobs')
        .select(['state', 'last_error'])
        .where('name', '=', identityMailJob)
        .executeTakeFirst();
    } while (job?.state !== 'completed' && Date.now() < until);
    expect(job).toEqual({ state: 'completed', last_error: null });
    const sent = await database.db.selectFrom('mail_messages').select(['to_address', 'subject']).execute();
    expect(sent).toEqual([{ to_address: email, subject: 'Reset your Waratah password' }]);
    const { links } = await database.db.selectFrom('mail_messages').select('links').executeTakeFirstOrThrow();
    expect(links[0]?.url).toMatch(/^https:\/\/auth\.waratah\.com\.au\/app\/reset-password\/\?/);
  });

  it('serves no local host, which anyone may name in a Host header, and e-mails nothing from one', async () => {
    await standalone.app.ready();
    const email = 'standalone.adviser@example.com.au';
    const queued = () =>
      withJobs(database.db).selectFrom('jobs').select('id').where('name', '=', identityMailJob).execute();
    const before = (await queued()).length;
    for (const host of ['waratah.localhost:3000', 'localhost:8080', '127.0.0.1']) {
      const page = await standalone.app.inject({
        url: `/app/login/?${sdkLoginQuery('portal-state', `http://${host}`)}`,
        headers: { host },
      });
      expect(page.statusCode, host).toBe(404);
      const asked = await standalone.app.inject({
        method: 'POST',
        url: `/app/forgot-password/?client_id=${waratahClientId}`,
        headers: {
          host,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        payload: `email=${encodeURIComponent(email)}`,
      });
      expect(asked.statusCode, host).toBe(404);
    }
    expect((await queued()).length).toBe(before);
  });
});

describe('the identity service on its own, its database gone', () => {
  it('answers a failure with the platform’s envelope, its cause left in the log, not in the answer', async () => {
    const database = await createTestDatabase();
    await seedDatabase(database.db);
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    const { app } = await buildStandaloneIdentity(config, database);
    await app.ready();
    await database.close();
    try {
      const answer = await app.inject({
        method: 'POST',
        url: `/app/forgot-password/?client_id=${waratahClientId}`,
        headers: {
          host: 'auth.waratah.com.au',
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        payload: 'email=standalone.adviser%40example.com.au',
      });
      expect(answer.statusCode).toBeGreaterThanOrEqual(500);
      expect(answer.json().error.error_message).toMatch(
        /^The service is not available at the moment|^Something went wrong on our side/,
      );
      expect(answer.body).not.toContain('destroyed');
    } finally {
      await app.close();
    }
  });
});
