import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('answers 404 for a tenant that signs in with passwords', async () => {
    const response = await testApp.app.inject({
      url: '/oauth2/.well-known/openid-configuration',
      headers: { host: 'moneypartner.localhost:8080' },
    });
    expect(response.statusCode).toBe(404);
  });
});
