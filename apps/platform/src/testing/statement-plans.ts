import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/** The sizes of the groups `plannedOnce` sends: alone, small and larger, in no order. */
export const varyingGroupSizes = [1, 6, 2, 11, 1, 4, 9, 3, 1, 7, 2, 12];

/**
 * How often PostgreSQL planned the prepared statement whose text holds `fragment` on `connection`
 * (one connection: `db.connection().execute(…)`): `custom` plans were made for one run each,
 * `generic` runs reused the plan kept (`pg_prepared_statements`, PostgreSQL 14 and later).
 */
export async function statementPlans(
  connection: Kysely<Database>,
  fragment: string,
): Promise<{ custom: number; generic: number }> {
  const { rows } = await sql<{ custom: number; generic: number }>`
    select coalesce(sum(custom_plans), 0)::int as custom, coalesce(sum(generic_plans), 0)::int as generic
    from pg_prepared_statements where strpos(statement, ${fragment}) > 0`.execute(connection);
  return rows[0] ?? { custom: 0, generic: 0 };
}
