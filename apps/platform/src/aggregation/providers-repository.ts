import type { AggregatorType, Container, Provider, ProviderStatus } from '@waratah/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProvidersTable } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';

function providerToWire(row: Selectable<ProvidersTable>): Provider {
  return {
    id: row.id,
    name: row.name,
    status: row.status as ProviderStatus,
    container_names: row.container_names as Container[],
    small_logo_url: row.small_logo_url,
    base_url: row.base_url,
    aggregator_type: row.aggregator_type as AggregatorType,
    popular: row.popular,
  };
}

/**
 * The provider catalogue, shared by every tenant. Sorted as the portal lists it (spec §9): outages
 * first, then by name, case-insensitively; `name` is a case-insensitive substring (spec §5).
 */
export async function listProviders(
  db: Kysely<Database>,
  filter: { name?: string | undefined; status?: ProviderStatus | undefined },
): Promise<Provider[]> {
  let query = db.selectFrom('providers').selectAll();
  if (filter.name)
    query = query.where('name', 'ilike', `%${filter.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (filter.status) query = query.where('status', '=', filter.status);
  const rows = await query.execute();
  return rows
    .map(providerToWire)
    .sort(
      (a, b) =>
        Number(b.status === 'outage') - Number(a.status === 'outage') ||
        a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' }),
    );
}

export async function getProvider(db: Kysely<Database>, id: number): Promise<Provider> {
  const row = await db.selectFrom('providers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', `There is no provider ${id}`);
  return providerToWire(row);
}
