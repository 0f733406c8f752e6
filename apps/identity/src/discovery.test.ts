import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHostHeader } from './routes/host-header.ts';
import { buildIdentityTestApp, type IdentityTestApp } from './testing/identity-test-app.ts';

describe('OpenID discovery and JWKS', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  it('describes the provider with the request origin as issuer', async () => {
    const response = await testApp.app.inject({
      url: '/oauth2/.well-known/openid-configuration',
      headers: { host: 'localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.issuer).toBe('http://localhost:8080/oauth2');
    expect(body.authorization_endpoint).toBe('http://localhost:8080/oauth2/authorize');
    expect(body.jwks_uri).toBe('http://localhost:8080/oauth2/jwks');
    expect(body.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'offline_access', 'adviser']),
    );
    expect(body.code_challenge_methods_supported).toContain('S256');
  });

  it('serves the public signing keys only', async () => {
    const response = await testApp.app.inject({ url: '/oauth2/jwks', headers: { host: 'localhost:8080' } });
    expect(response.statusCode).toBe(200);
    const [key, ...rest] = response.json().keys;
    expect(rest).toEqual([]);
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key.kid).toEqual(expect.any(String));
    expect(key.d).toBeUndefined();
  });

  it('answers 400, never 500, to a Host header that names no host', async () => {
    // A space, a no-break space (Latin-1, which Node lets through), a C1 control character, and
    // characters that end a URL's host.
    for (const host of ['a b', 'x\u00a0y', 'waratah\u0085.localhost', 'e?', 'a/b', 'user@localhost']) {
      for (const url of ['/oauth2/jwks', '/app/login/', '/account/']) {
        const response = await testApp.app.inject({ url, headers: { host } });
        expect(response.statusCode, `${url} on ${JSON.stringify(host)}`).toBe(400);
        expect(response.body).toBe('The Host header names no host\n');
      }
    }
  });

  it('takes DNS names, punycode, IPv4 and bracketed IPv6 hosts, with or without a port', () => {
    for (const host of ['localhost:8080', 'waratah.com.au', 'xn--caf-dma.example', '127.0.0.1', '[::1]:8080'])
      expect(isHostHeader(host), host).toBe(true);
    for (const host of ['', ':8080', 'localhost:99999x', '[::1', 'café.example'])
      expect(isHostHeader(host), host).toBe(false);
  });

  it('answers 404 for a tenant that signs in with passwords', async () => {
    const response = await testApp.app.inject({
      url: '/oauth2/.well-known/openid-configuration',
      headers: { host: 'moneypartner.localhost:8080' },
    });
    expect(response.statusCode).toBe(404);
  });
});
