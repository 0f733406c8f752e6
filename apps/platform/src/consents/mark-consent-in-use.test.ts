import type { TenantId } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser, tenantHost } from '../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';

const month = 30 * 24 * 60 * 60;

describe('in_use: a consent is in use once the practice uses the shared data', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const statusOf = async (clientId: number) =>
    (
      await testApp.database.db
        .selectFrom('client_links')
        .select('consent_status')
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).consent_status;

  async function clientHeadersOf(fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>) {
    const tenantId = fixture.adviser.adminUser.tenant_id as TenantId;
    const tokens = await testApp.app.tokens.issueForSignIn(
      { kind: 'client', id: fixture.clientId, tenantId, clientId: 'test-client' },
      { withRefreshToken: false },
    );
    return { host: tenantHost(tenantId), authorization: `Bearer ${tokens.accessToken}` };
  }

  it('stays active while only the client reads, and turns in_use at the adviser’s first read', async () => {
    const fixture = await signedInAdviserWithClient(testApp.app);
    const clientHeaders = await clientHeadersOf(fixture);
    const own = await testApp.app.inject({ method: 'GET', url: '/api/v2/accounts', headers: clientHeaders });
    expect(own.statusCode).toBe(200);
    expect(await statusOf(fixture.clientId)).toBe('active');

    const read = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/accounts',
      headers: fixture.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(await statusOf(fixture.clientId)).toBe('in_use');

    // In use counts as active for access, and the client sees the status in its consents.
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/accounts',
      headers: fixture.headers,
    });
    expect(again.statusCode).toBe(200);
    const consents = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/consents',
      headers: clientHeaders,
    });
    expect(consents.json().data[0].status).toBe('in_use');

    // A renewal keeps it in use; a withdrawal ends it and closes the gate.
    const partyId = consents.json().data[0].external_party.id;
    const renewed = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/consents',
      headers: clientHeaders,
      payload: { external_party_id: partyId, sharing_duration: 6 * month },
    });
    expect(renewed.json().data.status).toBe('in_use');
    const id = consents.json().data[0].id;
    const withdrawn = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v2/consents/${id}`,
      headers: clientHeaders,
    });
    expect(withdrawn.json().data.status).toBe('withdrawn');
    const after = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/accounts',
      headers: fixture.headers,
    });
    expect(after.statusCode).toBe(404);
    expect(await statusOf(fixture.clientId)).toBe('withdrawn');
  });

  it('is not set by an operator, nor on a pending consent', async () => {
    const fixture = await signedInAdviserWithClient(testApp.app);
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    const byOperator = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/accounts',
      headers: { ...operator.headers, 'x-user-id': String(fixture.clientId) },
    });
    expect(byOperator.statusCode).toBe(200);
    expect(await statusOf(fixture.clientId)).toBe('active');

    const pending = await signedInAdviserWithClient(testApp.app, 'pending');
    const refused = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/accounts',
      headers: pending.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(await statusOf(pending.clientId)).toBe('pending');
  });
});
