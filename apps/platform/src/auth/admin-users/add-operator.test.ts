import { adminPermissionAreas, tokenResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { adminPasswordSignIn, createSignedInAdminUser } from '../../testing/sign-in.ts';
import {
  type AddOperatorInput,
  AddOperatorRefusal,
  addOperator,
  checkOperatorInput,
  operatorPortalOrigin,
} from './add-operator.ts';

const host = 'moneypartner.localhost:8080';
const password = 'Lyrebird-Mimics-The-Chainsaw-3';
const ttlSeconds = 7 * 24 * 60 * 60;

describe('addOperator (npm run operator)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const first: AddOperatorInput = {
    tenant: 'moneypartner',
    email: 'first.operator@example.test',
    givenName: 'Olive',
    familyName: "O'Neill",
  };

  /** What an input would write: counted before and after a refusal, which must write nothing. */
  async function rowCounts() {
    const db = testApp.database.db;
    const count = async (table: 'admin_users' | 'one_time_tokens' | 'audit_log') =>
      Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return {
      admin_users: await count('admin_users'),
      one_time_tokens: await count('one_time_tokens'),
      audit_log: await count('audit_log'),
    };
  }

  function acceptInvitation(token: string) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset/password',
      headers: { host },
      payload: { invitation_token: token, password, password_confirmation: password },
    });
  }

  it('adds an operator holding the areas, whose invitation link sets its password', async () => {
    const added = await addOperator(
      testApp.database.db,
      { ...first, areas: 'user_management, audit,roles_and_permissions' },
      { ttlSeconds },
    );
    // In the spec's order, whatever order they were named in.
    expect(added.areas).toEqual(['audit', 'roles_and_permissions', 'user_management']);
    const row = await testApp.database.db
      .selectFrom('admin_users')
      .selectAll()
      .where('id', '=', added.adminUserId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: 'moneypartner',
      email: 'first.operator@example.test',
      given_name: 'Olive',
      family_name: "O'Neill",
      kind: 'operator',
      status: 'active',
      external_party_id: null,
      password_hash: null,
      email_verified_at: null,
      permissions: ['audit', 'roles_and_permissions', 'user_management'],
    });
    const link = await testApp.database.db
      .selectFrom('one_time_tokens')
      .select(['purpose', 'created_at', 'expires_at', 'used_at'])
      .where('admin_user_id', '=', added.adminUserId)
      .executeTakeFirstOrThrow();
    expect(link.purpose).toBe('invitation');
    expect(link.used_at).toBeNull();
    expect(Math.round((link.expires_at.getTime() - link.created_at.getTime()) / 86_400_000)).toBe(7);
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select(['tenant_id', 'actor_kind', 'actor_id', 'action', 'target_type', 'target_id'])
      .where('action', '=', 'admin_user.add_operator')
      .execute();
    expect(audited).toEqual([
      {
        tenant_id: 'moneypartner',
        actor_kind: 'system',
        actor_id: 0,
        action: 'admin_user.add_operator',
        target_type: 'admin_user',
        target_id: String(added.adminUserId),
      },
    ]);

    // No password until the link sets one.
    expect(
      (await adminPasswordSignIn(testApp.app, { host, email: added.email, password })).statusCode,
    ).not.toBe(200);
    const accepted = await acceptInvitation(added.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await acceptInvitation(added.token)).statusCode).toBe(400);
    const signedIn = await adminPasswordSignIn(testApp.app, { host, email: added.email, password });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const headers = {
      host,
      authorization: `Bearer ${tokenResponseSchema.parse(signedIn.json()).access_token}`,
    };

    const details = await testApp.app.inject({ url: '/api/admin/adminusers/details', headers });
    expect(details.json().data).toMatchObject({
      kind: 'operator',
      email_verified: true,
      permissions: ['audit', 'roles_and_permissions', 'user_management'],
      external_party: null,
    });
    // It reaches what its areas open, and nothing else.
    expect((await testApp.app.inject({ url: '/api/admin/audit', headers })).statusCode).toBe(200);
    expect((await testApp.app.inject({ url: '/api/admin/users', headers })).statusCode).toBe(403);
  });

  it('grants every area by default', async () => {
    const added = await addOperator(
      testApp.database.db,
      { ...first, email: 'every.area@example.test', areas: undefined },
      { ttlSeconds },
    );
    expect(added.areas).toEqual([...adminPermissionAreas]);
    expect(await operatorPermissions(added.adminUserId)).toEqual([...adminPermissionAreas]);
    const all = await addOperator(
      testApp.database.db,
      { ...first, email: 'all.areas@example.test', areas: 'all' },
      { ttlSeconds },
    );
    expect(await operatorPermissions(all.adminUserId)).toEqual([...adminPermissionAreas]);
  });

  function operatorPermissions(id: number) {
    return testApp.database.db
      .selectFrom('admin_users')
      .select('permissions')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((row) => row.permissions);
  }

  it('refuses an address that has an admin account of the tenant, writing nothing', async () => {
    const adviser = await createSignedInAdminUser(testApp.app, { email: 'taken.adviser@example.test' });
    const before = await rowCounts();
    for (const email of [
      'first.operator@example.test',
      'FIRST.Operator@example.test',
      ' taken.adviser@example.test ',
    ]) {
      const adding = addOperator(testApp.database.db, { ...first, email }, { ttlSeconds });
      await expect(adding).rejects.toBeInstanceOf(AddOperatorRefusal);
      await expect(adding).rejects.toThrow(
        /has an admin account .* in moneypartner already; nothing was written/,
      );
    }
    expect(await rowCounts()).toEqual(before);
    // The adviser is as it was: its password still signs it in.
    expect(
      (
        await adminPasswordSignIn(testApp.app, {
          host,
          email: adviser.adminUser.email,
          password: adviser.password,
        })
      ).statusCode,
    ).toBe(200);
    // Another tenant's account of the address is another account.
    const elsewhere = await addOperator(
      testApp.database.db,
      { ...first, tenant: 'waratahlabs' },
      { ttlSeconds },
    );
    expect(elsewhere.tenantId).toBe('waratahlabs');
  });

  // PGlite runs one transaction at a time: only PostgreSQL's connections add at once.
  it.runIf(process.env.DATABASE_URL)(
    'adds one operator when one address is added twice at once',
    async () => {
      const results = await Promise.allSettled(
        [0, 1].map(() =>
          addOperator(testApp.database.db, { ...first, email: 'twice@example.test' }, { ttlSeconds }),
        ),
      );
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.reason).toBeInstanceOf(AddOperatorRefusal);
      const rows = await testApp.database.db
        .selectFrom('admin_users')
        .select('id')
        .where('email', '=', 'twice@example.test')
        .execute();
      expect(rows).toHaveLength(1);
    },
  );

  it('refuses invalid input, naming each problem, writing nothing', async () => {
    const before = await rowCounts();
    const refusal = (input: Partial<AddOperatorInput>) => {
      try {
        checkOperatorInput({ ...first, ...input });
      } catch (error) {
        if (error instanceof AddOperatorRefusal) return error.message;
        throw error;
      }
      return undefined;
    };
    expect(refusal({ tenant: 'nowhere' })).toBe(
      '--tenant: no tenant is called "nowhere" (one of waratah, moneypartner, waratahlabs)',
    );
    expect(refusal({ tenant: undefined })).toMatch(/^--tenant: name a tenant/);
    expect(refusal({ email: 'not-an-address' })).toBe(
      '--email: Please enter a valid email address ("not-an-address")',
    );
    expect(refusal({ email: undefined })).toBe('--email: required');
    expect(refusal({ givenName: '' })).toBe('--given-name: Please enter your first name ("")');
    expect(refusal({ familyName: 'Robert"); drop table' })).toBe(
      '--family-name: Please enter a valid last name ("Robert"); drop table")',
    );
    expect(refusal({ areas: 'audit,wizardry,alchemy' })).toMatch(
      /^--areas: no such permission area: wizardry, alchemy \(the areas are accounts, admin, .*; or all\)$/,
    );
    expect(refusal({ areas: 'audit,audit' })).toBe('--areas: Each permission area may be named once');
    expect(refusal({ areas: ' , ' })).toBe('--areas: name at least one area, or all');
    // Every problem at once, one a line.
    expect(
      refusal({ tenant: 'nowhere', email: 'x', givenName: '7', areas: 'nope' })?.split('\n'),
    ).toHaveLength(4);
    await expect(
      addOperator(
        testApp.database.db,
        { ...first, email: 'fresh@example.test', areas: 'nope' },
        { ttlSeconds },
      ),
    ).rejects.toBeInstanceOf(AddOperatorRefusal);
    expect(await rowCounts()).toEqual(before);
  });

  it('links to the tenant local portal on a server that takes local hosts, else its hosted domain', () => {
    expect(operatorPortalOrigin({ localHosts: true, port: 8080 }, 'waratah')).toBe('http://localhost:8080');
    expect(operatorPortalOrigin({ localHosts: true, port: 3000 }, 'moneypartner')).toBe(
      'http://moneypartner.localhost:3000',
    );
    expect(operatorPortalOrigin({ localHosts: false, port: 8080 }, 'moneypartner')).toBe(
      'https://portal.moneypartner.com.au',
    );
    expect(operatorPortalOrigin({ localHosts: false, port: 8080 }, 'waratah')).toBe(
      'https://portal.waratah.com.au',
    );
    // Waratah Labs has no production: its staging domain.
    expect(operatorPortalOrigin({ localHosts: false, port: 8080 }, 'waratahlabs')).toBe(
      'https://portal.staging.waratahlabs.com.au',
    );
  });
});
