import { randomBytes } from 'node:crypto';
import { type AdminPermissionArea, adminPermissionAreas } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { Kysely, Selectable } from 'kysely';
import { type AdminUserRow, createAdminUser } from '../auth/admin-users/create-admin-user.ts';
import type { Database, ExternalPartiesTable, ExternalPartyStatus } from '../db/database-schema.ts';

export interface TestAdviserOptions {
  tenantId: TenantId;
  /** Default 'adviser'. */
  kind?: 'adviser' | 'operator';
  /** Default a fresh unique address. */
  email?: string;
  password: string;
  givenName?: string;
  familyName?: string;
  /** The practice: its status, or null for none. */
  practiceStatus: ExternalPartyStatus | null;
  /** Default 'Test Practice …' with a unique suffix. */
  practiceName?: string;
  /** An operator's permission areas: default every area (an adviser holds none). */
  permissions?: readonly AdminPermissionArea[];
}

/** An admin user written through the platform's own insert code, with a practice of the given status. */
export async function createTestAdviser(
  db: Kysely<Database>,
  options: TestAdviserOptions,
): Promise<{ adminUser: AdminUserRow; externalParty: Selectable<ExternalPartiesTable> | null }> {
  const unique = randomBytes(4).toString('hex');
  const externalParty = options.practiceStatus
    ? await db
        .insertInto('external_parties')
        .values({
          tenant_id: options.tenantId,
          name: options.practiceName ?? `Test Practice ${unique}`,
          abn: '51824753556',
          type: 'ta',
          status: options.practiceStatus,
          roles: '[]',
          credentials: '{}',
          address: '{}',
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    : null;
  const adminUser = await createAdminUser(db, {
    tenantId: options.tenantId,
    email: options.email ?? `adviser-${unique}@example.test`,
    password: options.password,
    givenName: options.givenName ?? 'Test',
    familyName: options.familyName ?? 'Adviser',
    kind: options.kind ?? 'adviser',
    externalPartyId: externalParty?.id ?? null,
    permissions: options.permissions ?? (options.kind === 'operator' ? adminPermissionAreas : []),
  });
  return { adminUser, externalParty };
}
