import { tokenResponseSchema } from '@waratah/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../testing/sign-in.ts';

const apiHost = 'api.moneypartner.com.au';
const portal = 'https://portal.moneypartner.com.au';
const production = { client_id: 'moneypartner-adviser-portal', domain: 'moneypartner.com.au' };
/** What the portal's SDK sends with every API call (packages/sdk/src/create-api-client.ts). */
const sdkHeaders =
  'authorization,content-type,x-api-version,x-bundle-id,x-software-version,x-device-version,x-tenant-id,x-user-id,x-external-party-id,x-xsrf-token';

describe('CORS: the hosted portal calls its API host across origins (DESIGN §2)', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    adviser = await createSignedInAdminUser(testApp.app);
  });
  afterAll(() => testApp.close());

  const preflight = (host: string, origin: string, url = '/api/v2/accounts', method = 'GET') =>
    testApp.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        host,
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': sdkHeaders,
      },
    });
  const apiCall = (host: string, origin: string, authorization = `Bearer ${adviser.accessToken}`) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/admin/adminusers/details',
      headers: { host, origin, authorization, 'x-tenant-id': 'moneypartner' },
    });
  const allowsCredentialsFrom = (response: LightMyRequestResponse, origin: string) => {
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  };
  const allowsNothing = (response: LightMyRequestResponse) => {
    for (const name of Object.keys(response.headers)) expect(name).not.toMatch(/^access-control-/);
  };

  it('answers a preflight from the portal at once with every method and header the SDK uses', async () => {
    for (const [url, method] of [
      ['/api/v2/accounts', 'GET'],
      ['/api/v2/transactions/bulk', 'PUT'],
      ['/api/v2/consents/7', 'DELETE'],
      ['/oauth/admin/token', 'POST'],
      ['/oauth/revoke', 'POST'],
    ] as const) {
      const response = await preflight(apiHost, portal, url, method);
      expect(response.statusCode, url).toBe(204);
      expect(response.body).toBe('');
      allowsCredentialsFrom(response, portal);
      const methods = String(response.headers['access-control-allow-methods']).split(', ');
      expect(methods).toContain(method);
      const allowed = String(response.headers['access-control-allow-headers']).split(', ');
      for (const header of sdkHeaders.split(',')) expect(allowed, header).toContain(header);
      expect(Number(response.headers['access-control-max-age'])).toBeGreaterThan(0);
      expect(response.headers.vary).toMatch(/origin/i);
    }
  });

  it("lets the portal read the API's answers, its 401s and the files' names", async () => {
    const read = await apiCall(apiHost, portal);
    expect(read.statusCode, read.body).toBe(200);
    allowsCredentialsFrom(read, portal);
    expect(String(read.headers['access-control-expose-headers'])).toMatch(/Content-Disposition/);
    expect(String(read.headers['access-control-expose-headers'])).toMatch(/X-Document-SHA256/);
    expect(read.headers.vary).toMatch(/origin/i);

    // The portal must see a 401 to know the session ended.
    const refused = await apiCall(apiHost, portal, 'Bearer not-a-token');
    expect(refused.statusCode).toBe(401);
    allowsCredentialsFrom(refused, portal);
  });

  it('signs in across origins with the refresh token cookie, which the browser may then keep', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host: apiHost, origin: portal, 'x-forwarded-proto': 'https' },
      payload: {
        grant_type: 'password',
        username: adviser.adminUser.email,
        password: adviser.password,
        refresh_token_delivery: 'cookie',
        ...production,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(tokenResponseSchema.parse(response.json()).refresh_token).toBeUndefined();
    allowsCredentialsFrom(response, portal);
    expect(response.cookies.some((cookie) => cookie.httpOnly)).toBe(true);
  });

  it('takes the secondary portal only through the secondary API host', async () => {
    const secondary = 'https://advisers.moneypartner.com.au';
    allowsCredentialsFrom(await preflight('api2.moneypartner.com.au', secondary), secondary);
    allowsCredentialsFrom(await apiCall('api2.moneypartner.com.au', secondary), secondary);
    allowsNothing(await preflight(apiHost, secondary));
    allowsNothing(await preflight('api2.moneypartner.com.au', portal));
  });

  it('allows no other origin, nor any origin on a portal or local host, which serve their API on their own origin', async () => {
    for (const [host, origin] of [
      [apiHost, 'https://evil.example'],
      [apiHost, 'http://portal.moneypartner.com.au'],
      [apiHost, 'https://portal.moneypartner.com.au.evil.example'],
      [apiHost, 'https://portal.staging.moneypartner.com.au'],
      [apiHost, 'https://portal.waratah.com.au'],
      [apiHost, 'null'],
      ['api.staging.moneypartner.com.au', portal],
      ['portal.moneypartner.com.au', portal],
      ['moneypartner.localhost:8080', 'http://moneypartner.localhost:8080'],
      ['moneypartner.localhost:8080', portal],
      ['evil.example', 'https://evil.example'],
    ] as const) {
      const answer = await preflight(host, origin);
      allowsNothing(answer);
      expect(answer.statusCode, `${host} ${origin}`).not.toBe(204);
      allowsNothing(await apiCall(host, origin));
    }
  });

  it('leaves the pages and the identity alone', async () => {
    for (const url of ['/', '/login', '/oauth2/jwks', '/healthz']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { host: apiHost, origin: portal },
      });
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});
