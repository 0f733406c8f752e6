import type { CdrConfig } from '@waratah/contracts';
import { getTenant, type TenantId } from '@waratah/tenants';
import type { Kysely, Selectable } from 'kysely';
import type { CdrConfigsTable, Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';

const month = 30 * 24 * 60 * 60;
/** Twelve 30-day months: within the CDR's 12-month limit however the calendar falls. */
const twelveMonths = 12 * month;

/**
 * The consent configuration a tenant starts with: durations of 1, 3, 6 and 12 months, the longest
 * 12 months (the same limit `client_links` enforces in the database). Stored on first use, so an
 * operator's later change to the row is what `config/cdr` serves from then on.
 */
export function defaultCdrConfig(tenantId: TenantId) {
  const tenant = getTenant(tenantId);
  return {
    tenant_id: tenantId,
    external_id: `${tenantId}-default`,
    is_default: true,
    display_name: tenant.name,
    support_email: `support@${tenantId}.example`,
    cdr_policy_url: `https://www.${tenantId}.com.au/cdr-policy`,
    model: 'representative' as const,
    sharing_durations: [
      { duration: month, description: '1 month' },
      { duration: 3 * month, description: '3 months' },
      { duration: 6 * month, description: '6 months' },
      { duration: twelveMonths, description: '12 months' },
    ],
    sharing_use_duration: twelveMonths,
  };
}

function toWire(row: Selectable<CdrConfigsTable>): CdrConfig {
  return {
    id: row.id,
    external_id: row.external_id,
    display_name: row.display_name,
    support_email: row.support_email,
    cdr_policy_url: row.cdr_policy_url,
    model: row.model,
    sharing_durations: row.sharing_durations,
    sharing_use_duration: row.sharing_use_duration,
  };
}

/**
 * A tenant's open-banking consent configuration from the `cdr_configs` table: the default one, or
 * the one with this external id (404 otherwise). A tenant with none gets its default stored first.
 */
export async function getCdrConfig(
  db: Kysely<Database>,
  tenantId: string,
  externalId?: string,
): Promise<CdrConfig> {
  const find = () => {
    let query = db.selectFrom('cdr_configs').selectAll().where('tenant_id', '=', tenantId);
    query =
      externalId === undefined
        ? query.where('is_default', '=', true)
        : query.where('external_id', '=', externalId);
    return query.executeTakeFirst();
  };
  let row = await find();
  if (!row) {
    const defaults = defaultCdrConfig(tenantId as TenantId);
    const hasAny = await db
      .selectFrom('cdr_configs')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!hasAny) {
      await db
        .insertInto('cdr_configs')
        .values({ ...defaults, sharing_durations: JSON.stringify(defaults.sharing_durations) })
        .onConflict((conflict) => conflict.columns(['tenant_id', 'external_id']).doNothing())
        .execute();
      row = await find();
    }
  }
  if (!row) {
    throw new AppError(
      'not_found',
      externalId === undefined
        ? 'There is no consent configuration'
        : `There is no consent configuration '${externalId}'`,
    );
  }
  return toWire(row);
}
