import type { AppConfig, UpdateAppConfigBody } from '@waratah/contracts';
import { getTenant } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import { recordAudit } from '../access/record-audit.ts';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { AppFeatureRow, AppLinkRow, Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';

/** Each listed key takes its new value; keys not listed keep theirs, in their order; new keys go last. */
function merge<Row extends { key: string }>(current: readonly Row[], changes: readonly Row[] = []): Row[] {
  const byKey = new Map(changes.map((change) => [change.key, change]));
  const merged = current.map((row) => byKey.get(row.key) ?? row);
  const added = changes.filter((change) => !current.some((row) => row.key === change.key));
  return [...merged, ...added];
}

/**
 * An operator changes features or links of one app config of their own tenant: the row is locked,
 * changed and audited in one transaction, so two operators never overwrite each other's keys.
 */
export async function updateAppConfig(
  db: Kysely<Database>,
  operator: AdminUserPrincipal,
  platformKey: string,
  body: UpdateAppConfigBody,
  ip: string | null,
): Promise<AppConfig> {
  const tenant = getTenant(operator.tenantId);
  if (!tenant.envConfig[body.environment]) {
    const message = `Tenant ${tenant.id} has no ${body.environment} environment`;
    throw new AppError('validation_failed', message, { fields: [{ field: 'body.environment', message }] });
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('app_configs')
      .select(['platform_key', 'features', 'links'])
      .where('tenant_id', '=', tenant.id)
      .where('environment', '=', body.environment)
      .where('platform_key', '=', platformKey)
      .forUpdate()
      .executeTakeFirst();
    if (!row) {
      throw new AppError(
        'not_found',
        `There is no app config '${platformKey}' for tenant ${tenant.id} (${body.environment})`,
      );
    }
    const features: AppFeatureRow[] = merge(row.features, body.features);
    const links: AppLinkRow[] = merge(row.links, body.links);
    await trx
      .updateTable('app_configs')
      .set({ features: JSON.stringify(features), links: JSON.stringify(links), updated_at: new Date() })
      .where('tenant_id', '=', tenant.id)
      .where('environment', '=', body.environment)
      .where('platform_key', '=', platformKey)
      .execute();
    await recordAudit(trx, {
      actor: operator,
      action: 'app_config.update',
      targetType: 'app_config',
      targetId: `${platformKey}/${body.environment}`,
      ip,
    });
    return { platforms: [{ key: row.platform_key, features }], links };
  });
}
