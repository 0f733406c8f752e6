import { environments, tenantIds, tenants } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import { adviserWebPortalDefaults } from '../app-config/app-config-defaults.ts';
import type { Database } from './database-schema.ts';

/**
 * Puts the tenants and their default app configs in place. Rows that exist are left alone, so an
 * operator's later change survives every restart; one transaction, so a failed seed leaves nothing.
 */
export async function seedDatabase(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tenants')
      .values(tenantIds.map((id) => ({ id, name: tenants[id].name })))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();

    const appConfigs = tenantIds.flatMap((tenantId) =>
      environments
        .filter((environment) => tenants[tenantId].envConfig[environment])
        .map((environment) => {
          const defaults = adviserWebPortalDefaults(tenantId);
          return {
            tenant_id: tenantId,
            environment,
            platform_key: defaults.platformKey,
            features: JSON.stringify(defaults.features),
            links: JSON.stringify(defaults.links),
          };
        }),
    );
    await trx
      .insertInto('app_configs')
      .values(appConfigs)
      .onConflict((conflict) => conflict.columns(['tenant_id', 'environment', 'platform_key']).doNothing())
      .execute();
  });
}
