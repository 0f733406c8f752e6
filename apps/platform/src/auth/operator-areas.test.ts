import type { AdminPermissionArea } from '@waratah/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviserWithDocumentClient } from '../documents/testing/document-test-client.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { operatorAreaOf, registerOperatorAreas } from './operator-areas.ts';

describe('operator permission areas', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('reads the area a route needs from its method and pattern, the first rule deciding', () => {
    expect(operatorAreaOf('GET', '/api/v2/transactions')).toBe('transactions');
    expect(operatorAreaOf('PUT', '/api/v2/transactions/:id')).toBe('transactions');
    expect(operatorAreaOf('GET', '/api/v2/transactions/categories')).toBeNull();
    expect(operatorAreaOf('HEAD', '/api/admin/users')).toBe('user_details');
    expect(operatorAreaOf('PUT', '/api/admin/users/:id')).toEqual(['user_management', 'user_details']);
    expect(operatorAreaOf('PUT', '/api/v2/statements')).toEqual(['accounts', 'transactions']);
    expect(operatorAreaOf('PUT', '/api/admin/user/summary/:id')).toBe('user_details');
    expect(operatorAreaOf('PUT', '/api/admin/client/user/details')).toBe('user_personal_information');
    // Whole segments: `/api/admin/user` is not a prefix of `/api/admin/users`.
    expect(operatorAreaOf('GET', '/api/admin/userss')).toBeUndefined();
    expect(operatorAreaOf('GET', '/api/v2/something-new')).toBeUndefined();
  });

  it('will not register a route under /api that no rule names', async () => {
    const app = Fastify();
    registerOperatorAreas(app);
    app.get('/elsewhere', async () => 'ok');
    expect(() => app.get('/api/v2/something-new', async () => 'ok')).toThrow(
      'GET /api/v2/something-new has no rule in auth/operator-areas.ts',
    );
    await app.close();
  });

  it('lets an operator reach only the areas it holds, read afresh on each request', async () => {
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator', permissions: ['audit'] });
    const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: operator.headers });
    const grant = (permissions: AdminPermissionArea[]) =>
      testApp.database.db
        .updateTable('admin_users')
        .set({ permissions: JSON.stringify(permissions) })
        .where('id', '=', operator.adminUser.id)
        .execute();

    expect((await get('/api/admin/audit')).statusCode).toBe(200);
    const refused = await get('/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      error_code: 'F0201',
      error_type: 'forbidden',
      error_message: 'This needs the user_details permission, which your account does not hold',
    });
    // Open to every operator whatever it holds: its own details, reference data.
    expect((await get('/api/admin/adminusers/details')).statusCode).toBe(200);
    expect((await get('/api/v2/transactions/categories')).statusCode).toBe(200);

    // Granted and taken away on the same token: the next request is answered as the row now says.
    await grant(['user_details']);
    expect((await get('/api/admin/users')).statusCode).toBe(200);
    expect((await get('/api/admin/audit')).statusCode).toBe(403);
  });

  it('lets an operator read an export only with the areas of the route that makes its kind', {
    timeout: 20_000,
  }, async () => {
    const fixture = await adviserWithDocumentClient(testApp.app, 'moneypartner');
    const sheet = await fixture.produce('/api/v2/documents/transactions', { period: 'month' });
    const operator = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      permissions: ['user_details'],
    });
    const headers = { ...operator.headers, 'x-user-id': fixture.headers['x-user-id'] ?? '' };
    const get = (url: string) => testApp.app.inject({ url, headers });
    // Before 2026-12-04 `user_details` alone listed and downloaded the spreadsheet.
    const list = await get('/api/v2/documents');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    expect((await get('/api/v2/documents?kind=transactions')).statusCode).toBe(403);
    expect((await get(`/api/v2/documents/${sheet.done.id}`)).statusCode).toBe(403);
    const file = await get(`/api/v2/documents/${sheet.done.id}/file`);
    expect(file.statusCode).toBe(403);
    expect(file.json().error.error_message).toBe(
      'This needs the transactions permission, which your account does not hold',
    );

    await testApp.database.db
      .updateTable('admin_users')
      .set({ permissions: JSON.stringify(['user_details', 'transactions']) })
      .where('id', '=', operator.adminUser.id)
      .execute();
    expect((await get('/api/v2/documents')).json().data.map((found: { id: string }) => found.id)).toEqual([
      sheet.done.id,
    ]);
    expect((await get(`/api/v2/documents/${sheet.done.id}/file`)).statusCode).toBe(200);
  });

  it('needs user_personal_information to rename a client, and user_details to be answered with one', async () => {
    const fixture = await signedInAdviserWithClient(testApp.app);
    const manager = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      permissions: ['user_management', 'user_details'],
    });
    const clientId = fixture.clientId;
    const rename = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${clientId}`,
      headers: manager.headers,
      payload: { given_name: 'Renamed' },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.error_message).toBe(
      'This needs the user_personal_information permission, which your account does not hold',
    );
    const client = await testApp.database.db
      .selectFrom('clients')
      .select('given_name')
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(client.given_name).not.toBe('Renamed');

    // Suspending alone (user_management) must still see the client it answers with.
    const manageOnly = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      permissions: ['user_management'],
    });
    const summary = await testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/user/summary/${clientId}`,
      headers: manageOnly.headers,
    });
    expect(summary.statusCode).toBe(403);
    expect(summary.json().error.error_message).toContain('user_details');
  });
});
