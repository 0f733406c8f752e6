import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../testing/sign-in.ts';
import type { CredentialResolver } from './credential-resolver.ts';
import { requireAdminUser, requireOperator } from './require-admin-user.ts';

const detailsUrl = '/api/admin/adminusers/details';

describe('the authenticate hook', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;
  const cookieResolver: CredentialResolver = {
    resolve: async (request) =>
      request.headers.cookie === 'app.at=fake'
        ? {
            kind: 'admin_user',
            tenantId: 'waratah',
            adminUserId: 1,
            role: 'operator',
            externalPartyId: null,
            via: 'sso_cookie',
          }
        : null,
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ credentials: { resolvers: [cookieResolver] } });
    testApp.app.get('/api/test/whoami', { config: { operatorArea: null } }, async (request) => ({
      principal: request.principal,
    }));
    testApp.app.get('/api/test/operators-only', { config: { operatorArea: null } }, async (request) =>
      requireOperator(request),
    );
    testApp.app.get('/api/test/admins-only', { config: { operatorArea: null } }, async (request) =>
      requireAdminUser(request),
    );
    adviser = await createSignedInAdminUser(testApp.app);
  });
  afterAll(() => testApp.close());

  it('leaves an anonymous request anonymous', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/whoami' });
    expect(response.json()).toEqual({ principal: null });
  });

  it('resolves a bearer token to the admin user', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      headers: adviser.headers,
    });
    expect(response.json().principal).toEqual({
      kind: 'admin_user',
      tenantId: 'moneypartner',
      adminUserId: adviser.adminUser.id,
      role: 'adviser',
      externalPartyId: adviser.externalParty?.id,
      via: 'bearer',
      issuedTo: 'moneypartner-adviser-portal',
      ip: '127.0.0.1',
    });
  });

  it('refuses a bearer token on another environment of its tenant, whose feature switches are another’s', async () => {
    const at = (host: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/test/whoami',
        headers: { ...adviser.headers, host },
      });
    expect((await at('api.moneypartner.com.au')).statusCode).toBe(200);
    const elsewhere = await at('api.sandbox.moneypartner.com.au');
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error.error_message).toBe(
      'These credentials are not valid for this environment of the portal',
    );
    // Named by its header, the tenant keeps the host's environment: refused as well.
    const named = await testApp.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      headers: {
        authorization: adviser.headers.authorization,
        host: 'api.sandbox.moneypartner.com.au',
        'x-tenant-id': 'moneypartner',
      },
    });
    expect(named.statusCode).toBe(401);
  });

  it('tries the resolvers appended after the bearer token', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      headers: { host: 'localhost:8080', cookie: 'app.at=fake' },
    });
    expect(response.json().principal).toMatchObject({ via: 'sso_cookie', tenantId: 'waratah' });
  });

  it('refuses an unknown bearer token with F0101', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: detailsUrl,
      headers: { host: adviser.headers.host, authorization: 'Bearer not-a-real-token' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ error_code: 'F0101', error_type: 'invalid_access_token' });
  });

  it('refuses an expired token', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    await testApp.database.db
      .updateTable('oauth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('subject_id', '=', signedIn.adminUser.id)
      .execute();
    const response = await testApp.app.inject({ method: 'GET', url: detailsUrl, headers: signedIn.headers });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.error_code).toBe('F0101');
  });

  it("refuses a token on another tenant's host or X-Tenant-Id", async () => {
    const onLabs = await testApp.app.inject({
      method: 'GET',
      url: detailsUrl,
      headers: { ...adviser.headers, host: 'waratahlabs.localhost:8080' },
    });
    expect(onLabs.statusCode).toBe(401);
    const namedLabs = await testApp.app.inject({
      method: 'GET',
      url: detailsUrl,
      headers: { ...adviser.headers, 'x-tenant-id': 'waratahlabs' },
    });
    expect(namedLabs.statusCode).toBe(401);
    // Another tenant's hosted API host names its tenant too (before 2026-11-30 it named none).
    const onLabsApi = await testApp.app.inject({
      method: 'GET',
      url: detailsUrl,
      headers: { ...adviser.headers, host: 'api.staging.waratahlabs.com.au' },
    });
    expect(onLabsApi.statusCode).toBe(401);
    expect(onLabsApi.json().error.error_code).toBe('F0200');
  });

  it('lets only operators through requireOperator', async () => {
    const asAdviser = await testApp.app.inject({
      method: 'GET',
      url: '/api/test/operators-only',
      headers: adviser.headers,
    });
    expect(asAdviser.statusCode).toBe(403);
    expect(asAdviser.json().error.error_code).toBe('F0201');
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/test/admins-only' });
    expect(anonymous.statusCode).toBe(401);
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    const asOperator = await testApp.app.inject({
      method: 'GET',
      url: '/api/test/operators-only',
      headers: operator.headers,
    });
    expect(asOperator.statusCode).toBe(200);
  });

  it('stops a suspended user at once', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    await testApp.database.db
      .updateTable('admin_users')
      .set({ status: 'suspended' })
      .where('id', '=', signedIn.adminUser.id)
      .execute();
    const response = await testApp.app.inject({ method: 'GET', url: detailsUrl, headers: signedIn.headers });
    expect(response.statusCode).toBe(401);
  });
});
