import type { ListTransactionsQuery, Paging, Transaction } from '@waratah/contracts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { ClientScope } from '../../access/resolve-client-scope.ts';
import type { Database } from '../../db/database-schema.ts';
import { writtenPage } from '../../db/wire-json.ts';
import { selectTransactions } from './select-transactions.ts';
import { decodeTransactionCursor, encodeTransactionCursor } from './transaction-cursor.ts';
import { transactionFilterWhere } from './transaction-filter-where.ts';
import { countTransactions } from './transaction-month-totals.ts';

/**
 * One page of a client's transactions, newest first, by keyset on (transaction_date, id): stable
 * while rows are added, and served from the (client_id, transaction_date desc, id desc) index.
 * `after` pages towards older rows, `before` towards newer; `total` counts the whole filtered list
 * (exactly: from the trigger-maintained monthly totals when the filter allows, else by counting).
 * Each row comes from the database as its wire JSON, so the page is answered as written.
 */
export async function listTransactions(
  db: Kysely<Database>,
  scope: ClientScope,
  query: ListTransactionsQuery,
): Promise<{ data: Transaction[]; paging: Paging }> {
  const backwards = query.before !== undefined;
  const cursor = backwards
    ? decodeTransactionCursor(query.before as string, 'before')
    : query.after === undefined
      ? undefined
      : decodeTransactionCursor(query.after, 'after');

  let page = selectTransactions(db, scope).where((eb) => transactionFilterWhere(eb, query));
  if (cursor) {
    const position = sql`(${cursor.date}::date, ${cursor.id}::int)`;
    page = page.where(
      backwards
        ? sql<SqlBool>`(t.transaction_date, t.id) > ${position}`
        : sql<SqlBool>`(t.transaction_date, t.id) < ${position}`,
    );
  }
  const direction = backwards ? 'asc' : 'desc';
  // The page and the count are independent: on PostgreSQL they run on two pooled connections at
  // once, so a page costs the slower of the two rather than both. Without a text, id or amount
  // filter the count comes from the maintained monthly totals, not from every matching row.
  const [rows, total] = await Promise.all([
    page
      .orderBy('t.transaction_date', direction)
      .orderBy('t.id', direction)
      .limit(query.size + 1)
      .execute(),
    countTransactions(db, scope, query, async (exact) => {
      const { count } = await exact
        .selectFrom('transactions as t')
        .where('t.tenant_id', '=', scope.tenantId)
        .where('t.client_id', '=', scope.clientId)
        .where((eb) => transactionFilterWhere(eb, query))
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      return count;
    }),
  ]);
  const more = rows.length > query.size;
  const pageRows = rows.slice(0, query.size);
  if (backwards) pageRows.reverse();

  const first = pageRows[0];
  const last = pageRows.at(-1);
  const hasNewer = backwards ? more : cursor !== undefined;
  const hasOlder = backwards ? true : more;
  const paging: Paging = {
    cursors: {
      ...(first && hasNewer
        ? { before: encodeTransactionCursor({ date: first.transaction_date, id: first.id }) }
        : {}),
      ...(last && hasOlder
        ? { after: encodeTransactionCursor({ date: last.transaction_date, id: last.id }) }
        : {}),
    },
    total,
  };
  return writtenPage(pageRows, paging, 'transaction');
}
