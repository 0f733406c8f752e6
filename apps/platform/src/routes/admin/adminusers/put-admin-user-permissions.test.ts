import type { AdminPermissionArea } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../../../testing/sign-in.ts';

describe('PUT /api/admin/adminusers/:id/permissions', () => {
  let testApp: TestApp;
  let granting: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    granting = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      permissions: ['roles_and_permissions', 'audit', 'user_details'],
    });
  });
  afterAll(() => testApp.close());

  function put(caller: SignedInAdminUser, id: number, permissions: unknown) {
    return testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/adminusers/${id}/permissions`,
      headers: caller.headers,
      payload: { permissions },
    });
  }

  async function areasOf(id: number) {
    const row = await testApp.database.db
      .selectFrom('admin_users')
      .select('permissions')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.permissions;
  }

  function auditsOf(id: number) {
    return testApp.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_type'])
      .where('action', '=', 'admin_user.permissions')
      .where('target_id', '=', String(id))
      .execute();
  }

  it('sets another operator’s areas in the spec’s order, audited, taking effect on its next request', async () => {
    const target = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      permissions: ['app_configs'],
    });
    const audit = () => testApp.app.inject({ url: '/api/admin/audit', headers: target.headers });
    expect((await audit()).statusCode).toBe(403);

    // It keeps app_configs, which the granting operator does not hold and does not touch.
    const response = await put(granting, target.adminUser.id, ['user_details', 'app_configs', 'audit']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: { id: target.adminUser.id, permissions: ['app_configs', 'audit', 'user_details'] },
    });
    expect(await areasOf(target.adminUser.id)).toEqual(['app_configs', 'audit', 'user_details']);
    expect(await auditsOf(target.adminUser.id)).toEqual([
      { actor_id: granting.adminUser.id, target_type: 'admin_user' },
    ]);
    expect((await audit()).statusCode).toBe(200);

    expect((await put(granting, target.adminUser.id, ['app_configs'])).statusCode).toBe(200);
    expect((await audit()).statusCode).toBe(403);
  });

  it('refuses areas the caller does not hold, its own areas, and any id but another operator of its tenant, changing nothing', async () => {
    const target = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      permissions: ['app_configs'],
    });
    const adviser = await createSignedInAdminUser(testApp.app);
    const elsewhere = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      tenantId: 'waratahlabs',
    });
    const notGranting = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      permissions: ['audit', 'app_configs'],
    });
    const refusals: [SignedInAdminUser, number, AdminPermissionArea[], number, string][] = [
      // Taking away app_configs, which the caller does not hold.
      [granting, target.adminUser.id, [], 403, 'you do not hold app_configs'],
      [granting, target.adminUser.id, ['app_configs', 'webhooks'], 403, 'you do not hold webhooks'],
      [
        notGranting,
        target.adminUser.id,
        ['app_configs', 'audit'],
        403,
        'This needs the roles_and_permissions permission',
      ],
      [
        granting,
        granting.adminUser.id,
        ['roles_and_permissions'],
        403,
        'You cannot change your own permission areas',
      ],
      [granting, adviser.adminUser.id, [], 404, 'There is no operator of that id'],
      [granting, elsewhere.adminUser.id, [], 404, 'There is no operator of that id'],
      [granting, 2_000_000_000, [], 404, 'There is no operator of that id'],
      [adviser, target.adminUser.id, [], 403, 'Only platform operators may do this'],
    ];
    for (const [caller, id, permissions, status, message] of refusals) {
      const response = await put(caller, id, permissions);
      expect(response.statusCode, `${id} ${permissions}`).toBe(status);
      expect(response.body).toContain(message);
    }
    for (const invalid of [['sudo'], ['audit', 'audit'], 'audit', null]) {
      expect((await put(granting, target.adminUser.id, invalid)).statusCode, String(invalid)).toBe(400);
    }
    expect(await areasOf(target.adminUser.id)).toEqual(['app_configs']);
    expect(await areasOf(granting.adminUser.id)).toEqual(['roles_and_permissions', 'audit', 'user_details']);
    expect(await auditsOf(target.adminUser.id)).toEqual([]);
  });

  // PGlite runs one statement at a time: the race needs PostgreSQL's sessions.
  it.runIf(process.env.DATABASE_URL)(
    'lets two operators taking the granting area from each other at once leave one of them holding it',
    async () => {
      for (let round = 0; round < 5; round++) {
        const areas: AdminPermissionArea[] = ['roles_and_permissions', 'audit'];
        const [first, second] = await Promise.all([
          createSignedInAdminUser(testApp.app, { kind: 'operator', permissions: areas }),
          createSignedInAdminUser(testApp.app, { kind: 'operator', permissions: areas }),
        ]);
        if (!first || !second) throw new Error('no operators');
        const answers = await Promise.all([
          put(first, second.adminUser.id, ['audit']),
          put(second, first.adminUser.id, ['audit']),
        ]);
        // Before 2026-12-04 both often succeeded (each read its own row unlocked): nobody could grant.
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
        const holders = [
          ...(await areasOf(first.adminUser.id)),
          ...(await areasOf(second.adminUser.id)),
        ].filter((area) => area === 'roles_and_permissions');
        expect(holders).toHaveLength(1);
      }
    },
  );
});
