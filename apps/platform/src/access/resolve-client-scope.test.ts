import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserPrincipal, Principal } from '../auth/principal.ts';
import type { ExternalPartyStatus } from '../db/database-schema.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { seedDatabase } from '../db/seed.ts';
import { liveTestConsent } from '../testing/live-test-consent.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { writeTestClient } from '../testing/write-test-client.ts';
import { type ClientAccessBatch, createClientAccessBatch } from './client-access-batch.ts';
import { resolveClientScope } from './resolve-client-scope.ts';

describe('resolveClientScope: who may reach a client', () => {
  let database: PlatformDatabase;
  let clientAccess: ClientAccessBatch;
  const ids = {
    client: 0,
    withdrawn: 0,
    expired: 0,
    lapsed: 0,
    pending: 0,
    otherPartyClient: 0,
    otherTenantClient: 0,
  };
  let adviser: AdminUserPrincipal;
  let otherAdviser: AdminUserPrincipal;
  let disabledAdviser: AdminUserPrincipal;
  let operator: AdminUserPrincipal;
  let otherTenantOperator: AdminUserPrincipal;

  async function makeAdviser(
    tenantId: 'moneypartner' | 'waratahlabs',
    status: ExternalPartyStatus | null,
    role: 'adviser' | 'operator' = 'adviser',
  ): Promise<AdminUserPrincipal> {
    const db = database.db;
    const party = status
      ? await db
          .insertInto('external_parties')
          .values({
            tenant_id: tenantId,
            name: `Practice ${Math.random()}`,
            type: 'ta',
            status,
            roles: '[]',
            credentials: '{}',
            address: '{}',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      : null;
    const user = await db
      .insertInto('admin_users')
      .values({
        tenant_id: tenantId,
        email: `u${Math.random()}@example.test`,
        given_name: 'A',
        family_name: 'B',
        kind: role,
        permissions: '[]',
        roles: '[]',
        external_party_id: party?.id ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      kind: 'admin_user',
      tenantId,
      adminUserId: user.id,
      role,
      externalPartyId: party?.id ?? null,
      via: 'bearer',
    };
  }

  function request(principal: Principal | null, userId?: number): FastifyRequest {
    return {
      principal,
      headers: userId === undefined ? {} : { 'x-user-id': String(userId) },
      server: { database, clientAccess },
      method: 'GET',
      routeOptions: { url: '/api/v2/accounts' },
      ip: '127.0.0.1',
    } as unknown as FastifyRequest;
  }

  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: { statusCode?: number }) => error.statusCode ?? 500,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    clientAccess = createClientAccessBatch(database.db);
    await seedDatabase(database.db);
    adviser = await makeAdviser('moneypartner', 'enabled');
    otherAdviser = await makeAdviser('moneypartner', 'enabled');
    disabledAdviser = await makeAdviser('moneypartner', 'disabled');
    operator = await makeAdviser('moneypartner', null, 'operator');
    otherTenantOperator = await makeAdviser('waratahlabs', null, 'operator');
    const link = (
      principal: AdminUserPrincipal,
      consent?: Parameters<typeof writeTestClient>[1]['consent'],
    ) =>
      writeTestClient(database.db, {
        tenantId: principal.tenantId,
        partyId: principal.externalPartyId ?? 0,
        adviserId: principal.adminUserId,
        ...(consent ? { consent } : {}),
      }).then((client) => client.clientId);
    ids.client = await link(adviser);
    ids.withdrawn = await link(adviser, liveTestConsent('withdrawn'));
    ids.expired = await link(adviser, { status: 'expired', start: '2024-01-01', expiry: '2025-01-01' });
    ids.lapsed = await link(adviser, { status: 'active', start: '2025-01-01', expiry: '2025-12-31' });
    ids.pending = await link(adviser, { status: 'pending', start: null, expiry: null });
    ids.otherPartyClient = await link(otherAdviser);
    const disabledClient = await link(disabledAdviser);
    expect(disabledClient).toBeGreaterThan(0);
    const labsAdviser = await makeAdviser('waratahlabs', 'enabled');
    ids.otherTenantClient = await link(labsAdviser);
  });
  afterAll(() => database.close());

  it('refuses an anonymous caller with 401', async () => {
    expect(await status(resolveClientScope(request(null, ids.client)))).toBe(401);
  });

  it('gives an end user their own data, and nobody else’s', async () => {
    const client: Principal = {
      kind: 'client',
      tenantId: 'moneypartner',
      clientId: ids.client,
      via: 'bearer',
    };
    expect(await resolveClientScope(request(client))).toMatchObject({ clientId: ids.client });
    expect(await resolveClientScope(request(client, ids.client))).toMatchObject({ clientId: ids.client });
    expect(await status(resolveClientScope(request(client, ids.otherPartyClient)))).toBe(404);
  });

  it('lets an adviser act for a client linked with an active consent, and audits it', async () => {
    expect(await resolveClientScope(request(adviser, ids.client))).toMatchObject({
      clientId: ids.client,
      tenantId: 'moneypartner',
    });
    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('client_id', '=', ids.client)
      .execute();
    expect(audit.at(-1)).toMatchObject({
      actor_kind: 'admin_user',
      actor_id: adviser.adminUserId,
      action: 'client_data.get',
      ip: '127.0.0.1',
    });
  });

  it('answers 404, never 403, for clients the adviser may not see, and audits no access', async () => {
    const audited = async () =>
      (await database.db.selectFrom('audit_log').select('id').execute()).map((row) => row.id);
    const before = await audited();
    for (const clientId of [
      ids.otherPartyClient,
      ids.withdrawn,
      ids.expired,
      ids.lapsed,
      ids.pending,
      ids.otherTenantClient,
      999_999,
    ]) {
      expect(await status(resolveClientScope(request(adviser, clientId)))).toBe(404);
    }
    // The audit row is written in the statement that checks access, only when access is given.
    expect(await audited()).toEqual(before);
  });

  it('gives an adviser of a disabled practice no client access (404)', async () => {
    const clientOfDisabled = await database.db
      .selectFrom('client_links')
      .select('client_id')
      .where('external_party_id', '=', disabledAdviser.externalPartyId ?? 0)
      .executeTakeFirstOrThrow();
    expect(await status(resolveClientScope(request(disabledAdviser, clientOfDisabled.client_id)))).toBe(404);
  });

  it('lets an operator reach any client of its own tenant only', async () => {
    expect(await resolveClientScope(request(operator, ids.otherPartyClient))).toMatchObject({
      clientId: ids.otherPartyClient,
    });
    expect(await status(resolveClientScope(request(otherTenantOperator, ids.client)))).toBe(404);
  });

  it('needs X-User-Id from an admin user and refuses a malformed one by name', async () => {
    await expect(resolveClientScope(request(adviser))).rejects.toMatchObject({
      statusCode: 400,
      fields: [{ field: 'headers.x-user-id' }],
    });
    const bad = { ...request(adviser), headers: { 'x-user-id': 'abc' } } as unknown as FastifyRequest;
    await expect(resolveClientScope(bad)).rejects.toMatchObject({ statusCode: 400 });
  });
});
