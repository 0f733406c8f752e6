import type { TenantId } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import type { ConsentStatus } from '../db/database-schema.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { liveTestConsent } from './live-test-consent.ts';
import { sampleFinances } from './sample-finances.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from './sign-in.ts';
import { writeTestClient } from './write-test-client.ts';

/**
 * For route tests: a signed-in adviser of an enabled practice with one client holding
 * `sampleFinances()`; `headers` act on that client's behalf.
 */
export async function signedInAdviserWithClient(app: FastifyInstance, consent: ConsentStatus = 'active') {
  const adviser = await createSignedInAdminUser(app);
  const partyId = adviser.externalParty?.id ?? 0;
  const client = await writeTestClient(app.database.db, {
    tenantId: adviser.adminUser.tenant_id,
    partyId,
    adviserId: adviser.adminUser.id,
    consent: liveTestConsent(consent),
    finances: sampleFinances(),
  });
  return {
    adviser,
    partyId,
    ...client,
    headers: { ...adviser.headers, 'x-user-id': String(client.clientId) },
  };
}

export type AdviserWithClient = Awaited<ReturnType<typeof signedInAdviserWithClient>>;

/**
 * For calling a repository or service directly: the client scope an adviser's request for its
 * client resolves to (as `resolveClientScope` makes it, without the data version).
 */
export function adviserScopeOf(fixture: { adviser: SignedInAdminUser; clientId: number }): ClientScope {
  const tenantId = fixture.adviser.adminUser.tenant_id as TenantId;
  return {
    tenantId,
    clientId: fixture.clientId,
    actor: {
      kind: 'admin_user',
      tenantId,
      adminUserId: fixture.adviser.adminUser.id,
      role: 'adviser',
      externalPartyId: fixture.adviser.externalParty?.id ?? null,
      via: 'bearer',
    },
  };
}

/** A test app with two advisers of practices of their own, each with a client. */
export async function twoAdvisersWithAClientEach(): Promise<{
  testApp: TestApp;
  fixture: AdviserWithClient;
  other: AdviserWithClient;
}> {
  const testApp = await buildTestApp();
  return {
    testApp,
    fixture: await signedInAdviserWithClient(testApp.app),
    other: await signedInAdviserWithClient(testApp.app),
  };
}
