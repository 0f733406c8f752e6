import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/**
 * Sizes of groups for a planned-once test: alone, small and larger, in no order (with one
 * statement in flight, a size n goes as a statement of one and one of n - 1).
 */
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

/** A node of EXPLAIN's JSON plan, as far as the tests read it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Scan Direction'?: 'Forward' | 'Backward' | 'NoMovement';
  Plans?: PlanNode[];
}

/**
 * The plan PostgreSQL keeps for the prepared statement whose text holds `fragment` on `connection`
 * once it plans it for any values (a generic plan), at the tables' current statistics.
 */
export async function genericPlanOf(connection: Kysely<Database>, fragment: string): Promise<PlanNode> {
  const { rows } = await sql<{ statement: string; parameters: number }>`
    select statement, cardinality(parameter_types)::int as parameters
    from pg_prepared_statements where strpos(statement, ${fragment}) > 0 limit 1`.execute(connection);
  const prepared = rows[0];
  if (!prepared) throw new Error(`No prepared statement holds ${fragment}`);
  await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
  try {
    await sql.raw(`prepare generic_plan_check as ${prepared.statement}`).execute(connection);
    try {
      // A generic plan is the same for any values: nulls of the statement's own types will do.
      const values = Array.from({ length: prepared.parameters }, () => 'null').join(', ');
      const explained = await sql
        .raw<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `explain (format json) execute generic_plan_check${values ? `(${values})` : ''}`,
        )
        .execute(connection);
      const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error(`No plan for ${fragment}`);
      return plan;
    } finally {
      await sql`deallocate generic_plan_check`.execute(connection);
    }
  } finally {
    await sql`reset plan_cache_mode`.execute(connection);
  }
}

/** Every node of `plan` that reads `table`. */
export function scansOf(plan: PlanNode, table: string): PlanNode[] {
  const own = plan['Relation Name'] === table ? [plan] : [];
  return [...own, ...(plan.Plans ?? []).flatMap((child) => scansOf(child, table))];
}
