import { managedUserListResponseSchema, userSummaryResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

describe('the admin family: api/admin/users and api/admin/user', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  it('gives a password-tenant adviser the same clients as the adviser family', async () => {
    const admin = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: fixture.adviser.headers,
    });
    const adviser = await testApp.app.inject({
      method: 'GET',
      url: '/api/adviser/users',
      headers: fixture.adviser.headers,
    });
    expect(managedUserListResponseSchema.parse(admin.json())).toEqual(
      managedUserListResponseSchema.parse(adviser.json()),
    );
  });

  it('gives an operator every client of its tenant, and none of another', async () => {
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    const list = managedUserListResponseSchema.parse(
      (
        await testApp.app.inject({ method: 'GET', url: '/api/admin/users', headers: operator.headers })
      ).json(),
    );
    expect(list.data.map((user) => user.id)).toContain(fixture.clientId);
    const labs = await createSignedInAdminUser(testApp.app, { kind: 'operator', tenantId: 'waratahlabs' });
    const other = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/users/${fixture.clientId}`,
      headers: labs.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a consent filter on an operator’s list, which shows no consent, by name (400)', async () => {
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    for (const family of ['admin', 'adviser']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/${family}/users?consent_status=expired`,
        headers: operator.headers,
      });
      // Before 2026-12-02 the filter was dropped: 200 with every client of the tenant.
      expect(response.statusCode, family).toBe(400);
      expect(response.json().error.fields.map((fault: { field: string }) => fault.field)).toEqual([
        'querystring.consent_status',
      ]);
    }
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_kind', '=', 'admin_user')
      .where('actor_id', '=', operator.adminUser.id)
      .where('action', '=', 'client.list')
      .execute();
    expect(audited).toEqual([]);
  });

  it('answers a client’s summary', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/user/summary/${fixture.clientId}`,
      headers: fixture.adviser.headers,
    });
    expect(userSummaryResponseSchema.parse(response.json()).data).toMatchObject({
      provider_accounts_count: 2,
      accounts_count: 2,
      needs_action_count: 1,
      transactions_count: 10,
    });
  });

  it('marks the consent in use when it answers a client’s summary, as every read of the data does', async () => {
    const reader = await signedInAdviserWithClient(testApp.app, 'active');
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/user/summary/${reader.clientId}`,
      headers: reader.adviser.headers,
    });
    expect(response.statusCode).toBe(200);
    // Before 2026-12-02 it stayed `active`: this read alone went round the access gate's marking.
    const link = await testApp.database.db
      .selectFrom('client_links')
      .select('consent_status')
      .where('client_id', '=', reader.clientId)
      .where('external_party_id', '=', reader.partyId)
      .executeTakeFirstOrThrow();
    expect(link.consent_status).toBe('in_use');
  });

  it('suspends the client named by X-User-Id with the party header', async () => {
    const headers = { ...fixture.headers, 'x-external-party-id': String(fixture.partyId) };
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/admin/user',
      headers,
      payload: { status: 'suspended' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe('suspended');
  });

  it('refuses anonymous callers with 401', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { host: fixture.adviser.headers.host },
    });
    expect(response.statusCode).toBe(401);
  });
});
