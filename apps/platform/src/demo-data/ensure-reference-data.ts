import type { Kysely } from 'kysely';
import { transactionCategoryCatalogue } from '../aggregation/transaction-category-catalogue.ts';
import type { Database } from '../db/database-schema.ts';
import { demoProviders } from './demo-providers.ts';

/**
 * The transaction categories and the provider list, shared by every tenant; rows that exist are
 * left as they are. Answers the provider ids by name.
 */
export async function ensureReferenceData(db: Kysely<Database>): Promise<Map<string, number>> {
  await db
    .insertInto('transaction_categories')
    .values(transactionCategoryCatalogue.map((category, placement) => ({ ...category, placement })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('providers')
    .values(
      demoProviders.map((provider) => ({
        name: provider.name,
        status: provider.status,
        container_names: JSON.stringify(provider.containers),
        small_logo_url: null,
        base_url: null,
        aggregator_type: provider.aggregator,
        popular: provider.popular,
      })),
    )
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const rows = await db.selectFrom('providers').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}
