import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { tenantHost } from '../testing/sign-in.ts';
import {
  type AdviserWithClient,
  signedInAdviserWithClient,
} from '../testing/signed-in-adviser-with-client.ts';

const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };

describe.each([
  { trust: undefined, fromProxy: '127.0.0.1', secure: false },
  { trust: 'loopback', fromProxy: '203.0.113.7', secure: true },
])('forwarded headers with TRUST_PROXY=$trust', ({ trust, fromProxy, secure }) => {
  let testApp: TestApp;
  let fixture: AdviserWithClient;

  beforeAll(async () => {
    testApp = await buildTestApp(trust ? { env: { TRUST_PROXY: trust } } : {});
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  /** The address the audit log wrote for one read of the client's data from `remoteAddress`. */
  async function auditedAddress(remoteAddress: string): Promise<string | null> {
    const read = await testApp.app.inject({
      url: '/api/v2/transactions/summary',
      headers: { ...fixture.headers, ...forwarded },
      remoteAddress,
    });
    expect(read.statusCode).toBe(200);
    const row = await testApp.database.db
      .selectFrom('audit_log')
      .select('ip')
      .where('client_id', '=', fixture.clientId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.ip;
  }

  it('names the client in the audit log only when a trusted proxy forwarded the request', async () => {
    expect(await auditedAddress('127.0.0.1')).toBe(fromProxy);
    // A caller that is not the proxy cannot name another address.
    expect(await auditedAddress('198.51.100.9')).toBe('198.51.100.9');
  });

  it('lets the identity provider build its addresses from the host the platform believes, not from a forged header', async () => {
    const discovery = async (remoteAddress: string, forwardedHost: string) => {
      const answer = await testApp.app.inject({
        url: '/oauth2/.well-known/openid-configuration',
        headers: { host: tenantHost('waratah'), 'x-forwarded-host': forwardedHost },
        remoteAddress,
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ issuer: string; authorization_endpoint: string }>();
    };
    // Not from the proxy: the header is anyone's. From the proxy: the hop it added is the last;
    // the first is what the browser sent (the provider, a Koa app, believed the first).
    for (const [from, header] of [
      ['198.51.100.9', 'evil.example'],
      ['127.0.0.1', `evil.example, ${tenantHost('waratah')}`],
    ] as const) {
      const answer = await discovery(from, header);
      expect(JSON.stringify(answer), `${from} ${header}`).not.toContain('evil.example');
      expect(new URL(answer.authorization_endpoint).host).toBe(tenantHost('waratah'));
    }
  });

  it('marks cookies Secure when the trusted proxy says the browser used HTTPS', async () => {
    const answer = await testApp.app.inject({
      url: '/api/v2/config/cdr',
      headers: { host: tenantHost('moneypartner'), ...forwarded },
    });
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toContain('XSRF-TOKEN=');
    expect(/;\s*Secure/i.test(cookie)).toBe(secure);
  });

  it("marks the portal's refresh token cookie Secure only when the browser used HTTPS", async () => {
    const host = tenantHost('moneypartner');
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host, ...forwarded, origin: `${secure ? 'https' : 'http'}://${host}` },
      payload: {
        grant_type: 'password',
        username: fixture.adviser.adminUser.email,
        password: fixture.adviser.password,
        client_id: 'moneypartner-adviser-portal',
        domain: 'moneypartner.com.au',
        refresh_token_delivery: 'cookie',
      },
    });
    expect(answer.statusCode).toBe(200);
    // Over HTTPS the __Host- prefix: only this host may set it, so no sibling host can plant one.
    const name = secure ? '__Host-waratah-admin-refresh' : 'waratah-admin-refresh';
    const cookie = answer.cookies.find((candidate) => candidate.name === name);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: secure ? '/' : '/oauth' });
    expect(cookie?.domain).toBeUndefined();
    expect(Boolean(cookie?.secure)).toBe(secure);

    // And it is read back under the same name: a refresh by the cookie alone.
    const refreshed = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: {
        host,
        ...forwarded,
        origin: `${secure ? 'https' : 'http'}://${host}`,
        cookie: `${name}=${cookie?.value}`,
      },
      payload: {
        grant_type: 'refresh_token',
        client_id: 'moneypartner-adviser-portal',
        domain: 'moneypartner.com.au',
      },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.cookies.find((candidate) => candidate.name === name)?.value).toBeTruthy();
  });
});
