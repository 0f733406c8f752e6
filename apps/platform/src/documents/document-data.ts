import { type Kysely, sql } from 'kysely';
import { toCents } from '../aggregation/cents.ts';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';

export interface ClientRef {
  tenantId: string;
  clientId: number;
}

export interface DocumentAccount {
  id: number;
  name: string;
  providerName: string;
  container: string;
  type: string;
  accountNumber: string | null;
  bsb: string | null;
  currentCents: number;
  currency: string;
  included: boolean;
}

export interface DocumentTransaction {
  id: number;
  accountId: number;
  date: string;
  description: string;
  merchant: string | null;
  category: string | null;
  categoryType: string | null;
  budgetCategory: string;
  cents: number;
  included: boolean;
}

/** Every account of the client, in id order. */
export async function loadAccounts(db: Kysely<Database>, client: ClientRef): Promise<DocumentAccount[]> {
  const rows = await db
    .selectFrom('accounts as a')
    .innerJoin('provider_accounts as pa', 'pa.id', 'a.provider_account_id')
    .innerJoin('providers as p', 'p.id', 'pa.provider_id')
    .where('a.tenant_id', '=', client.tenantId)
    .where('a.client_id', '=', client.clientId)
    .select([
      'a.id',
      'a.account_name',
      'a.nick_name',
      'p.name as provider_name',
      'a.container',
      'a.account_type',
      'a.account_number',
      'a.bsb',
      sql<string>`a.current_balance::text`.as('balance'),
      'a.currency',
      'a.included',
    ])
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.nick_name ?? row.account_name,
    providerName: row.provider_name,
    container: row.container,
    type: row.account_type,
    accountNumber: row.account_number,
    bsb: row.bsb,
    currentCents: toCents(row.balance),
    currency: row.currency,
    included: row.included,
  }));
}

/** The ids of the client's connections (`provider_accounts`), accounts or none. */
export async function loadConnectionIds(db: Kysely<Database>, client: ClientRef): Promise<number[]> {
  const rows = await db
    .selectFrom('provider_accounts')
    .where('tenant_id', '=', client.tenantId)
    .where('client_id', '=', client.clientId)
    .select('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Some of a client's accounts from `from` to `to` (inclusive). */
export interface TransactionRange {
  accountIds: readonly number[];
  from: string;
  to: string;
  /**
   * Pending transactions too: for figures of a period (the insights), which count them as the
   * overview and the passport do. Without it, posted ones only: what a statement lists with
   * its balances.
   */
  pendingToo?: boolean;
}

/**
 * The transactions of the range: posted ones, unless `pendingToo`. A statement or a spreadsheet
 * lists what has posted, with its balance: the holder's current balance, which every balance of a
 * document is walked back from, leaves pending ones out (CDS `currentBalance`), so before
 * 2026-12-02 a pending purchase moved every earlier balance.
 */
function transactionsIn(
  db: Kysely<Database>,
  client: ClientRef,
  { accountIds, from, to, pendingToo = false }: TransactionRange,
) {
  const query = db
    .selectFrom('transactions as t')
    .where('t.tenant_id', '=', client.tenantId)
    .where('t.client_id', '=', client.clientId)
    .where('t.account_id', 'in', accountIds)
    .where('t.transaction_date', '>=', from)
    .where('t.transaction_date', '<=', to);
  return pendingToo ? query : query.where('t.status', '=', 'posted');
}

/**
 * How many transactions the range holds, counted no further than `limit`: whether a document of it
 * fits, without counting a million rows to say that it does not.
 */
export async function countTransactionsUpTo(
  db: Kysely<Database>,
  client: ClientRef,
  range: TransactionRange,
  limit: number,
): Promise<number> {
  if (range.accountIds.length === 0) return 0;
  const counted = await db
    .selectFrom(transactionsIn(db, client, range).select('t.id').limit(limit).as('held'))
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}

/**
 * The client's transactions of some accounts from `from` to `to` (inclusive), by date then id;
 * the first `limit` of them when given.
 */
export async function loadTransactions(
  db: Kysely<Database>,
  client: ClientRef,
  range: TransactionRange & { limit?: number },
): Promise<DocumentTransaction[]> {
  if (range.accountIds.length === 0) return [];
  let query = transactionsIn(db, client, range)
    .leftJoin('transaction_categories as c', 'c.id', 't.category_id')
    .select([
      't.id',
      't.account_id',
      sql<string>`t.transaction_date::text`.as('date'),
      sql<string>`coalesce(t.description_user, t.description_simple, t.description_original)`.as(
        'description',
      ),
      't.merchant_name',
      'c.name as category',
      'c.category_type',
      't.budget_category',
      sql<string>`t.amount::text`.as('amount'),
      't.included',
    ])
    .orderBy('t.transaction_date')
    .orderBy('t.id');
  if (range.limit !== undefined) query = query.limit(range.limit);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    date: row.date,
    description: row.description,
    merchant: row.merchant_name,
    category: row.category,
    categoryType: row.category_type,
    budgetCategory: row.budget_category,
    cents: toCents(row.amount),
    included: row.included,
  }));
}

/**
 * Per account, the sum of its posted transactions dated after `date`: what separates its current
 * balance (which holds no pending one) from its balance at the end of that day.
 */
export async function sumsAfter(
  db: Kysely<Database>,
  client: ClientRef,
  accountIds: readonly number[],
  date: string,
): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('transactions')
    .where('tenant_id', '=', client.tenantId)
    .where('client_id', '=', client.clientId)
    .where('account_id', 'in', accountIds)
    .where('transaction_date', '>', date)
    .where('status', '=', 'posted')
    .groupBy('account_id')
    .select(['account_id', sql<string>`coalesce(sum(amount), 0)::text`.as('total')])
    .execute();
  return new Map(rows.map((row) => [row.account_id, toCents(row.total)]));
}

/** Balances at the end of `date`: the current balance less everything after it. */
export async function balancesAt(
  db: Kysely<Database>,
  client: ClientRef,
  accounts: readonly DocumentAccount[],
  date: string,
): Promise<Map<number, number>> {
  const after = await sumsAfter(
    db,
    client,
    accounts.map((account) => account.id),
    date,
  );
  return new Map(
    accounts.map((account) => [account.id, account.currentCents - (after.get(account.id) ?? 0)]),
  );
}

/** The client's first transaction date (of some accounts), or undefined without any. */
export async function firstTransactionDate(
  db: Kysely<Database>,
  client: ClientRef,
  accountIds?: readonly number[],
): Promise<string | undefined> {
  let query = db
    .selectFrom('transactions')
    .where('tenant_id', '=', client.tenantId)
    .where('client_id', '=', client.clientId)
    .select(sql<string | null>`min(transaction_date)::text`.as('first'));
  if (accountIds) {
    if (accountIds.length === 0) return undefined;
    query = query.where('account_id', 'in', accountIds);
  }
  const row = await query.executeTakeFirst();
  return row?.first ?? undefined;
}

/** The names a document prints: the client's, and the adviser's when an adviser asked. */
export async function partyNames(
  db: Kysely<Database>,
  client: ClientRef,
  actor: Principal,
): Promise<{ clientName: string; adviserName: string | null }> {
  const clientRow = await db
    .selectFrom('clients')
    .where('tenant_id', '=', client.tenantId)
    .where('id', '=', client.clientId)
    .select(['given_name', 'family_name', 'email'])
    .executeTakeFirstOrThrow();
  const clientName = `${clientRow.given_name} ${clientRow.family_name}`.trim() || clientRow.email;
  if (actor.kind !== 'admin_user') return { clientName, adviserName: null };
  const adviser = await db
    .selectFrom('admin_users')
    .where('id', '=', actor.adminUserId)
    .select(['given_name', 'family_name', 'email'])
    .executeTakeFirst();
  const adviserName = adviser ? `${adviser.given_name} ${adviser.family_name}`.trim() || adviser.email : null;
  return { clientName, adviserName };
}
