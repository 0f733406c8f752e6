import type { TenantId } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import { createAdminUser } from '../auth/admin-users/create-admin-user.ts';
import type { Database } from '../db/database-schema.ts';
import type { DemoAdviser } from './generate-demo-tenant.ts';

/**
 * Writes the demo advisers (through the auth code's `createAdminUser`, which hashes the password)
 * and their practices; answers the first (enabled) adviser's ids.
 */
export async function writeDemoAdvisers(
  db: Kysely<Database>,
  tenantId: TenantId,
  advisers: readonly DemoAdviser[],
  password: string,
): Promise<{ adviserId: number; partyId: number }> {
  const written: { adviserId: number; partyId: number | null }[] = [];
  for (const adviser of advisers) {
    const party = adviser.party
      ? await db
          .insertInto('external_parties')
          .values({
            tenant_id: tenantId,
            name: adviser.party.name,
            type: 'ta',
            status: adviser.party.status,
            roles: JSON.stringify(['representative']),
            profession: adviser.party.profession,
            credentials: JSON.stringify({}),
            address: JSON.stringify({}),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      : null;
    const user = await createAdminUser(db, {
      tenantId,
      email: adviser.email,
      password,
      givenName: adviser.givenName,
      familyName: adviser.familyName,
      kind: 'adviser',
      roles: ['adviser'],
      externalPartyId: party?.id ?? null,
      termsAcceptedAt: new Date('2026-01-01T00:00:00Z'),
    });
    written.push({ adviserId: user.id, partyId: party?.id ?? null });
  }
  const first = written[0];
  if (!first?.partyId) throw new Error('The first demo adviser must have a practice');
  return { adviserId: first.adviserId, partyId: first.partyId };
}
