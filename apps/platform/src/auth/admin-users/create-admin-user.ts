import type { AdminPermissionArea } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { Kysely, Selectable } from 'kysely';
import type { AdminUsersTable, Database } from '../../db/database-schema.ts';
import { hashPassword } from '../passwords/hash-password.ts';

export interface CreateAdminUserInput {
  tenantId: TenantId;
  email: string;
  /** Hashed here; leave out for a user who sets it later (an invitation, SSO only). */
  password?: string;
  /**
   * The password hashed already (`hashPassword`): for a caller inside a transaction, which should
   * not hold it (and PGlite's one session) for the tens of milliseconds a hash takes.
   */
  passwordHash?: string;
  givenName: string;
  familyName: string;
  kind: 'adviser' | 'operator';
  externalPartyId?: number | null;
  /** Defaults to true (seeded and operator-made accounts); registration passes false. */
  emailVerified?: boolean;
  /** An operator's permission areas (spec §3); an adviser holds none. */
  permissions?: readonly AdminPermissionArea[];
  roles?: string[];
  termsAcceptedAt?: Date | null;
}

export type AdminUserRow = Selectable<AdminUsersTable>;

/** Adds an admin user (an adviser of a practice, or an operator); the demo seed uses it too. */
export async function createAdminUser(
  db: Kysely<Database>,
  input: CreateAdminUserInput,
): Promise<AdminUserRow> {
  const passwordHash =
    input.passwordHash ?? (input.password === undefined ? null : await hashPassword(input.password));
  return db
    .insertInto('admin_users')
    .values({
      tenant_id: input.tenantId,
      email: input.email.trim(),
      given_name: input.givenName,
      family_name: input.familyName,
      kind: input.kind,
      password_hash: passwordHash,
      external_party_id: input.externalPartyId ?? null,
      email_verified_at: (input.emailVerified ?? true) ? new Date() : null,
      permissions: JSON.stringify(input.permissions ?? []),
      roles: JSON.stringify(input.roles ?? []),
      terms_accepted_at: input.termsAcceptedAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
