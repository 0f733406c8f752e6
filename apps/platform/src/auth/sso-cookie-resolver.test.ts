import { generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

type SigningKey = Parameters<SignJWT['sign']>[0];

const host = 'localhost:8080';
const issuer = `http://${host}/oauth2`;
const audience = 'urn:waratah:platform-api';

interface TokenOptions {
  key?: SigningKey;
  kid?: string;
  sub?: string;
  iss?: string;
  aud?: string;
  expiresIn?: string | number;
  /** The session the token was issued under, as the identity writes it. */
  sid?: string;
  /** More claims, as another provider (FusionAuth) writes them. */
  claims?: Record<string, unknown>;
}

describe('SSO cookie credentials', () => {
  let testApp: TestApp;
  let adviserId: number;
  let identityKey: { key: SigningKey; kid: string };

  // Signs an access token the way the identity does (ES256, at+jwt), with any detail overridden.
  const token = ({
    key = identityKey.key,
    kid = identityKey.kid,
    sub = String(adviserId),
    iss = issuer,
    aud = audience,
    expiresIn = '15m',
    sid,
    claims = {},
  }: TokenOptions = {}) =>
    new SignJWT({ roles: ['adviser'], ...(sid ? { sid } : {}), ...claims })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid })
      .setSubject(sub)
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(key);

  const whoami = async (
    accessToken: string,
    headers: Record<string, string> = { 'x-tenant-id': 'waratah' },
  ) =>
    testApp.app.inject({
      url: '/api/test/whoami',
      headers: { host, cookie: `app.at=${accessToken}`, ...headers },
    });

  beforeAll(async () => {
    testApp = await buildTestApp();
    testApp.app.get('/api/test/whoami', { config: { operatorArea: null } }, async (request) => ({
      principal: request.principal,
    }));
    testApp.app.post('/api/test/whoami', { config: { operatorArea: null } }, async (request) => ({
      principal: request.principal,
    }));
    const row = await testApp.database.db
      .insertInto('admin_users')
      .values({
        tenant_id: 'waratah',
        email: 'sso.adviser@example.com.au',
        given_name: 'Sso',
        family_name: 'Adviser',
        permissions: JSON.stringify([]),
        roles: JSON.stringify(['adviser']),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    adviserId = row.id;
    // The identity generates its signing key at first use; the JWKS request makes it do so.
    const jwks = await testApp.app.inject({ url: '/oauth2/jwks', headers: { host } });
    const kid = jwks.json().keys[0].kid as string;
    const stored = await testApp.database.db
      .selectFrom('identity_keys')
      .select('private_key')
      .where('kid', '=', kid)
      .executeTakeFirstOrThrow();
    identityKey = { key: await importJWK(stored.private_key as JWK, 'ES256'), kid };
  });
  afterAll(() => testApp.close());

  it('turns a valid app.at cookie into the adviser principal', async () => {
    const response = await whoami(await token());
    expect(response.statusCode).toBe(200);
    expect(response.json().principal).toEqual({
      kind: 'admin_user',
      tenantId: 'waratah',
      adminUserId: adviserId,
      role: 'adviser',
      externalPartyId: null,
      via: 'sso_cookie',
      ip: '127.0.0.1',
    });
  });

  it('refuses a token signed with another key under the same kid', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const response = await whoami(await token({ key: privateKey }));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.error_code).toBe('F0101');
  });

  it('refuses a token with an unknown kid, a foreign issuer or audience, or an expiry in the past', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    for (const accessToken of [
      await token({ key: privateKey, kid: 'an-unknown-key' }),
      await token({ iss: 'https://evil.example/oauth2' }),
      await token({ aud: 'someone-else' }),
      await token({ expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      'not-a-jwt',
    ]) {
      expect((await whoami(accessToken)).statusCode).toBe(401);
    }
  });

  it('on a hosted API host, takes the tokens of the environment’s sign-in server, not of the API’s host', async () => {
    // The portal signs in at auth.waratah-sandbox.com.au and calls api.waratah-sandbox.com.au:
    // before 2026-11-30 the API's host was expected as the issuer, refusing every hosted call.
    const onApiHost = async (iss: string) =>
      testApp.app.inject({
        url: '/api/test/whoami',
        headers: {
          host: 'api.waratah-sandbox.com.au',
          cookie: `app.at=${await token({ iss })}`,
          'x-tenant-id': 'waratah',
        },
      });
    const signedIn = await onApiHost('https://auth.waratah-sandbox.com.au/oauth2');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().principal).toMatchObject({ adminUserId: adviserId, via: 'sso_cookie' });
    for (const iss of [
      'http://api.waratah-sandbox.com.au/oauth2',
      'https://auth.waratah-staging.com.au/oauth2',
    ])
      expect((await onApiHost(iss)).statusCode).toBe(401);
  });

  it('matches another provider’s subject by an e-mail address it checked, on a single sign-on tenant only', async () => {
    const external = (claims: Record<string, unknown>) =>
      token({ sub: '2f0c1a5e-8d7b-4c1e-9a51-3b7f0e6d2c44', claims });
    const verified = await external({ email: 'SSO.Adviser@example.com.au', email_verified: true });
    expect((await whoami(verified)).json().principal).toMatchObject({ adminUserId: adviserId });
    for (const claims of [
      { email: 'sso.adviser@example.com.au', email_verified: false },
      { email: 'sso.adviser@example.com.au' },
    ])
      expect((await whoami(await external(claims))).statusCode).toBe(401);
    // A password tenant's admin of the same address is not reached through the cookie.
    await testApp.database.db
      .insertInto('admin_users')
      .values({
        tenant_id: 'moneypartner',
        email: 'sso.adviser@example.com.au',
        given_name: 'Same',
        family_name: 'Address',
        permissions: JSON.stringify([]),
        roles: JSON.stringify(['adviser']),
      })
      .execute();
    // Nor is anyone: a password tenant ignores the cookie (hosted, its hosts may sit under the SSO
    // environment's cookie domain), so its request is anonymous, with or without the tenant header.
    const requests: Record<string, string>[] = [
      { 'x-tenant-id': 'moneypartner' },
      { host: 'moneypartner.localhost:8080' },
    ];
    for (const headers of requests) {
      const elsewhere = await whoami(verified, headers);
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.json().principal).toBeNull();
    }
  });

  it('refuses a subject that is no adviser of the tenant', async () => {
    expect((await whoami(await token({ sub: '999999' }))).statusCode).toBe(401);
  });

  it('refuses a token of a session that has ended since it was issued, and only that one', async () => {
    const live = await token({ sid: 'session-still-signed-in' });
    const ended = await token({ sid: 'session-signed-out' });
    expect((await whoami(live)).statusCode).toBe(200);
    expect((await whoami(ended)).statusCode).toBe(200);
    // The identity's tombstone of a session that was signed out or ended by a password change.
    await testApp.database.db
      .insertInto('identity_store')
      .values({
        model: 'EndedSession',
        id: 'session-signed-out',
        payload: JSON.stringify({ accountId: String(adviserId) }),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const refused = await whoami(ended);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.error_code).toBe('F0101');
    expect((await whoami(live)).statusCode).toBe(200);
    expect((await whoami(await token())).statusCode).toBe(200);
  });

  it('requires the tenant header, and it must name the token’s tenant', async () => {
    const accessToken = await token();
    const missing = await whoami(accessToken, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.error_type).toBe('bad_header');
    // Naming a password tenant, the request is that tenant's, which ignores the cookie: anonymous.
    const elsewhere = await whoami(accessToken, { 'x-tenant-id': 'moneypartner' });
    expect(elsewhere.json().principal).toBeNull();
  });

  it('refuses a cookie-authenticated POST that does not echo the XSRF token', async () => {
    const cookie = `app.at=${await token()}; XSRF-TOKEN=xsrf-value`;
    const headers = { host, cookie, 'x-tenant-id': 'waratah' };
    const refused = await testApp.app.inject({ method: 'POST', url: '/api/test/whoami', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.error_code).toBe('F0202');
    const echoed = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/whoami',
      headers: { ...headers, 'x-xsrf-token': 'xsrf-value' },
    });
    expect(echoed.statusCode).toBe(200);
  });
});
