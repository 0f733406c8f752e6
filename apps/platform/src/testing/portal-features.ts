import type { FeatureKey } from '@waratah/contracts';
import type { Kysely } from 'kysely';
import type { AppFeatureRow, Database } from '../db/database-schema.ts';

/**
 * Runs `run` with a tenant's features switched as `changes` says, in each of its app configs
 * (every environment and platform), and then puts the configs back as they were, whatever `run`
 * did. The platform reads app configs afresh on every request, so the switch holds at once.
 */
export async function withPortalFeatures<T>(
  db: Kysely<Database>,
  tenantId: string,
  changes: Partial<Record<FeatureKey, boolean>>,
  run: () => Promise<T>,
): Promise<T> {
  const saved = await db
    .selectFrom('app_configs')
    .select(['environment', 'platform_key', 'features'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const write = (row: (typeof saved)[number], features: AppFeatureRow[]) =>
    db
      .updateTable('app_configs')
      .set({ features: JSON.stringify(features) })
      .where('tenant_id', '=', tenantId)
      .where('environment', '=', row.environment)
      .where('platform_key', '=', row.platform_key)
      .execute();
  for (const row of saved) {
    await write(
      row,
      row.features.map((feature) => ({
        ...feature,
        enabled: changes[feature.key as FeatureKey] ?? feature.enabled,
      })),
    );
  }
  try {
    return await run();
  } finally {
    for (const row of saved) await write(row, row.features);
  }
}
