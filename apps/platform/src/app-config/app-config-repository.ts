import type { AppConfig } from '@waratah/contracts';
import type { Environment, TenantId } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';

export interface AppConfigKey {
  tenantId: TenantId;
  environment: Environment;
  platformKey: string;
}

export type AppConfigRepository = ReturnType<typeof createAppConfigRepository>;

export function createAppConfigRepository(db: Kysely<Database>) {
  return {
    /** The app config as the API answers it, or undefined when that tenant has none under this key. */
    async findAppConfig({
      tenantId,
      environment,
      platformKey,
    }: AppConfigKey): Promise<AppConfig | undefined> {
      const row = await db
        .selectFrom('app_configs')
        .select(['platform_key', 'features', 'links'])
        .where('tenant_id', '=', tenantId)
        .where('environment', '=', environment)
        .where('platform_key', '=', platformKey)
        .executeTakeFirst();
      if (!row) return undefined;
      return { platforms: [{ key: row.platform_key, features: row.features }], links: row.links };
    },
  };
}
