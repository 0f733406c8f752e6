import type { BudgetCategory, CategoryType, TransactionCategory } from '@waratah/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database-schema.ts';

export async function listTransactionCategories(db: Kysely<Database>): Promise<TransactionCategory[]> {
  const rows = await db
    .selectFrom('transaction_categories')
    .selectAll()
    .orderBy('placement')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    category_type: row.category_type as CategoryType,
    default_budget_category: row.default_budget_category as BudgetCategory,
    placement: row.placement,
    user_defined: false,
  }));
}
