import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { handleError } from '../errors/handle-error.ts';
import type { Principal } from './principal.ts';
import { registerXsrfProtection, xsrfCookie } from './xsrf.ts';

// A principal as the authenticate hook would set it, chosen by a test header.
function buildApp() {
  const app = Fastify();
  app.register(cookie);
  app.setErrorHandler(handleError);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const via = request.headers['x-test-via'];
    if (via !== 'sso_cookie' && via !== 'bearer') return;
    const principal: Principal = {
      kind: 'admin_user',
      tenantId: 'waratah',
      adminUserId: 1,
      role: 'adviser',
      externalPartyId: null,
      via,
    };
    request.principal = principal;
  });
  registerXsrfProtection(app);
  app.get('/api/thing', async () => ({ ok: true }));
  app.post('/api/thing', async () => ({ ok: true }));
  return app;
}

describe('XSRF protection', () => {
  it('hands out a random, script-readable XSRF-TOKEN cookie', async () => {
    const app = buildApp();
    const first = await app.inject({ url: '/api/thing' });
    const second = await app.inject({ url: '/api/thing' });
    const issued = first.cookies.find((set) => set.name === xsrfCookie);
    expect(issued).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(issued?.httpOnly).toBeFalsy();
    expect(issued?.value).toMatch(/^[\w-]{43}$/);
    expect(second.cookies.find((set) => set.name === xsrfCookie)?.value).not.toBe(issued?.value);
    const kept = await app.inject({ url: '/api/thing', cookies: { [xsrfCookie]: 'abc' } });
    expect(kept.cookies.find((set) => set.name === xsrfCookie)).toBeUndefined();
  });

  it("sets it on a hosted single sign-on environment's cookie domain, so the portal's host reads it", async () => {
    const app = buildApp();
    const domainOf = async (host: string) =>
      (await app.inject({ url: '/api/thing', headers: { host } })).cookies.find(
        (set) => set.name === xsrfCookie && set.value !== '',
      )?.domain;
    expect(await domainOf('api.waratah.com.au')).toBe('waratah.com.au');
    expect(await domainOf('api2.waratah.com.au')).toBe('waratah.com.au');
    expect(await domainOf('api.waratah-staging.com.au')).toBe('waratah-staging.com.au');
    // A local host, a password tenant's API host and any other host: the host that set it only.
    for (const host of [
      'localhost:8080',
      'api.moneypartner.com.au',
      'api.staging.waratahlabs.com.au',
      'evil.example',
    ])
      expect(await domainOf(host), host).toBeUndefined();
    // Issued on the domain, it also clears a copy on the host alone, which would be sent first.
    const issued = await app.inject({ url: '/api/thing', headers: { host: 'api.waratah.com.au' } });
    expect(issued.cookies.map((set) => [set.domain, set.value === ''])).toEqual([
      [undefined, true],
      ['waratah.com.au', false],
    ]);
  });

  it('replaces, on a mismatch at a hosted API host, a copy the portal could not read', async () => {
    const app = buildApp();
    const post = (host: string) =>
      app.inject({
        method: 'POST',
        url: '/api/thing',
        cookies: { [xsrfCookie]: 'old-host-only-copy' },
        headers: { host, 'x-test-via': 'sso_cookie', 'x-xsrf-token': 'what-the-portal-read' },
      });
    const hosted = await post('api.waratah.com.au');
    expect(hosted.statusCode).toBe(403);
    const fresh = hosted.cookies.find((set) => set.name === xsrfCookie && set.value !== '');
    expect(fresh?.domain).toBe('waratah.com.au');
    // Locally the one cookie is the portal's own: a wrong echo is refused and nothing is replaced.
    const local = await post('localhost:8080');
    expect(local.statusCode).toBe(403);
    expect(local.cookies).toEqual([]);
  });

  it('refuses a cookie-authenticated POST without the echoed header, or with a wrong one', async () => {
    const app = buildApp();
    for (const headers of [{}, { 'x-xsrf-token': 'something-else' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/thing',
        cookies: { [xsrfCookie]: 'token-value' },
        headers: { 'x-test-via': 'sso_cookie', ...headers },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ error_code: 'F0202', error_type: 'xsrf_token_mismatch' });
    }
  });

  it('lets a cookie-authenticated POST through when it echoes the cookie', async () => {
    const response = await buildApp().inject({
      method: 'POST',
      url: '/api/thing',
      cookies: { [xsrfCookie]: 'token-value' },
      headers: { 'x-test-via': 'sso_cookie', 'x-xsrf-token': 'token-value' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('asks nothing of bearer-token requests, nor hands them the cookie, and asks nothing of safe methods', async () => {
    const app = buildApp();
    const bearer = await app.inject({
      method: 'POST',
      url: '/api/thing',
      headers: { 'x-test-via': 'bearer' },
    });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.cookies.map((set) => set.name)).not.toContain(xsrfCookie);
    const read = await app.inject({ url: '/api/thing', headers: { 'x-test-via': 'sso_cookie' } });
    expect(read.statusCode).toBe(200);
  });
});
