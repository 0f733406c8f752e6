import type { AdminPermissionArea } from '@waratah/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
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
    expect(operatorAreaOf('PUT', '/api/admin/users/:id')).toBe('user_management');
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
});
