import type { TenantId } from '@waratah/tenants';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database-schema.ts';
import type { AdminUserRow } from './create-admin-user.ts';

export type AdminUserRepository = ReturnType<typeof createAdminUserRepository>;

/** Admin users by tenant: an e-mail address is unique within a tenant, ignoring case. */
export function createAdminUserRepository(db: Kysely<Database>) {
  return {
    findByEmail(tenantId: TenantId, email: string): Promise<AdminUserRow | undefined> {
      return db
        .selectFrom('admin_users')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    findById(tenantId: TenantId, id: number): Promise<AdminUserRow | undefined> {
      return db
        .selectFrom('admin_users')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async setPasswordHash(id: number, passwordHash: string, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .updateTable('admin_users')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Following an e-mailed link or code proves the address, so both mark it verified. */
    async markEmailVerified(id: number, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .updateTable('admin_users')
        .set({ email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Links an adviser without a practice to one; false when the adviser has one already (a second
     * registration sent at the same time linked it first: the caller's transaction then rolls back).
     */
    async linkExternalParty(
      id: number,
      externalPartyId: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const linked = await executor
        .updateTable('admin_users')
        .set({ external_party_id: externalPartyId, updated_at: new Date() })
        .where('id', '=', id)
        .where('external_party_id', 'is', null)
        .executeTakeFirst();
      return linked.numUpdatedRows > 0n;
    },
  };
}
