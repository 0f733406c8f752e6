import { transactionSchema } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database-schema.ts';
import { wireField, wireJson } from '../../db/wire-json.ts';

const { plain, value, object } = wireField;

/**
 * A transaction as the wire writes it (`transactionSchema`), written by the database: where each
 * field comes from. Dates, amounts, ids and the contract's enums are text with nothing to escape;
 * the rest goes through `to_json`.
 */
const transactionJson = wireJson(transactionSchema, {
  id: plain(sql`t.id`),
  account_id: plain(sql`t.account_id`),
  base_type: plain(sql`t.base_type`),
  status: plain(sql`t.status`),
  transaction_date: plain(sql`t.transaction_date`),
  post_date: plain(sql`t.post_date`),
  amount: object({ amount: plain(sql`t.amount`), currency: value(sql`t.currency`) }),
  description: object({
    original: value(sql`t.description_original`),
    simple: value(sql`t.description_simple`),
    user: value(sql`t.description_user`),
  }),
  budget_category: plain(sql`t.budget_category`),
  category: object(
    { id: plain(sql`t.category_id`), name: value(sql`c.name`) },
    sql`t.category_id is null or c.name is null`,
  ),
  merchant: object({ name: value(sql`t.merchant_name`) }, sql`t.merchant_name is null`),
  included: value(sql`t.included`),
  memo: value(sql`t.memo`),
  // The tags are a jsonb array, which writes itself with spaces: as text[] (most rows have none).
  user_tags: value(
    sql`case when t.tags = '[]'::jsonb then '{}'::text[] else array(select jsonb_array_elements_text(t.tags)) end`,
  ),
  external_id: value(sql`t.external_id`),
});

/**
 * Transactions of one client: the id and date a page's cursors are made of, and each row's wire
 * JSON (`wire`), the category's name joined in. Every caller starts here, so the tenant and client
 * filters can never be forgotten.
 */
export function selectTransactions(db: Kysely<Database>, scope: { tenantId: string; clientId: number }) {
  return db
    .selectFrom('transactions as t')
    .leftJoin('transaction_categories as c', 'c.id', 't.category_id')
    .where('t.tenant_id', '=', scope.tenantId)
    .where('t.client_id', '=', scope.clientId)
    .select([
      't.id',
      sql<string>`t.transaction_date::text`.as('transaction_date'),
      transactionJson.as('wire'),
    ]);
}
