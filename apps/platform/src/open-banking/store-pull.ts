import type { Container } from '@waratah/contracts';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SqlBool,
  sql,
} from 'kysely';
import { lockClientDataVersion } from '../aggregation/client-data-version.ts';
import { transactionCategoryCatalogue } from '../aggregation/transaction-category-catalogue.ts';
import type { Database } from '../db/database-schema.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { faultPoint, faultPoints } from '../faults/fault-point.ts';
import { categoriseTransaction } from './categorise-transaction.ts';
import type { DataSourcePull, RefreshOutcome, SourcedAccount, SourcedTransaction } from './data-source.ts';
import { numberedFingerprint } from './map-cds-transaction.ts';
import { matchPostedToPending } from './match-pending.ts';

export interface PullTarget extends RefreshTarget {
  tenantId: string;
}

/** The connection a refresh records its outcome on, with the holder consent the refresh read. */
export interface RefreshTarget {
  providerAccountId: number;
  /** Whose data version the refresh's writes take first (`lockClientDataVersion`). */
  clientId: number;
  /**
   * The outcome is recorded only while the connection still has this consent: a reconnect during
   * the refresh gave it a new one, whose own refresh says how it is. Left out, it is not checked.
   */
  consentId?: string | null;
  /**
   * The `next_refresh` this refresh wrote with its `updating` mark (or read at its start, before
   * one). Found otherwise when the outcome is recorded, it was written meanwhile (an adviser's
   * refresh, due at once): the earlier of it and the outcome's is kept, so the click is not lost.
   * Left out, the outcome's is written.
   */
  dueAsMarked?: Date | null;
}

export interface StoredPull {
  accounts: number;
  transactionsAdded: number;
  transactionsUpdated: number;
  /** Pending transactions the holder no longer reports (cancelled authorisations), removed. */
  pendingRemoved: number;
  /**
   * Posted repeats of an id-less transaction (`fp-…#2`, …, `mapCdsTransactions`) the holder no
   * longer lists in their account's window, removed: the holder's count of identical ones is taken.
   */
  repeatsRemoved: number;
  /** Whether the outcome was recorded: not when the connection's consent changed meanwhile. */
  statusRecorded: boolean;
  /** The `next_refresh` recorded (null also when nothing was). */
  nextRefresh: Date | null;
  /** The connection's accounts this pull did not list (removed from the sharing, or left out): now `inactive`. */
  accountsUnlisted: number;
}

/** When to refresh next, or how to tell from the failures in a row (this one counted). */
export type NextRefresh = Date | null | ((failuresInARow: number) => Date | null);

/** Rows per insert: 15 columns stay well under PostgreSQL's 65,535 bind parameters. */
const batchSize = 1_000;

interface PendingRow {
  id: number;
  external_id: string | null;
  amount: string;
  transaction_date: string;
  description_original: string;
}

/**
 * Writes one successful (or partly successful) pull in ONE database transaction: accounts are
 * upserted by the source's id; each account whose transactions were read gets them upserted by
 * the source's id, so a refresh never adds a transaction twice, and its mark moves to `now`
 * (`accounts.transactions_synced_at`: the next refresh reads it from 14 days before). A pending
 * transaction that posts under a new id is matched (`match-pending.ts`) and updated in place,
 * keeping the client's category, exclusion, tags and notes; a pending one the holder no longer
 * reports in its account's window is removed, and so is a posted repeat of an id-less transaction
 * (`fp-…#2`) it no longer lists there. An account whose transactions failed keeps its
 * previous ones and its mark. Any error rolls everything
 * back, so the previous data stays as it was.
 */
export async function storePull(
  database: Kysely<Database>,
  target: PullTarget,
  pull: DataSourcePull,
  {
    outcome,
    now,
    nextRefresh,
    windowStart,
    retried = false,
  }: {
    outcome: RefreshOutcome;
    now: Date;
    nextRefresh: NextRefresh;
    /**
     * Each account's window's first day in Sydney, by the source's id (or one day for every
     * account): only the days after it are wholly inside the account's window (the holder reads
     * from an instant on it), so only pending rows dated after it that the holder no longer lists
     * are cancelled. Before 2026-12-03 every account had the connection's.
     */
    windowStart: string | ((externalId: string) => string);
    /** A temporary failure the queue tries again (`RefreshOptions.retried`): not counted in a row. */
    retried?: boolean;
  },
): Promise<StoredPull> {
  return inTransaction(database, async (trx) => {
    // The client's data version first, as every writer of the client's data takes it: an
    // adviser's change or refresh mark holding it waits here instead of deadlocking with this.
    await lockClientDataVersion(trx, target.clientId);
    const stored: StoredPull = {
      accounts: 0,
      transactionsAdded: 0,
      transactionsUpdated: 0,
      pendingRemoved: 0,
      repeatsRemoved: 0,
      statusRecorded: false,
      nextRefresh: null,
      accountsUnlisted: 0,
    };
    // The categories are reference data with fixed ids; a platform without the demo seed still has them.
    const categories = await trx
      .selectFrom('transaction_categories')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(categories.count) < transactionCategoryCatalogue.length) {
      await trx
        .insertInto('transaction_categories')
        .values(transactionCategoryCatalogue.map((category, placement) => ({ ...category, placement })))
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    }
    // New transactions of every account go in together, in batches, after each account's matching.
    const fresh: TransactionRow[] = [];
    const windowStartOf = typeof windowStart === 'string' ? () => windowStart : windowStart;
    for (const entry of pull.accounts) {
      // Its mark moves only when its transactions were read (and are stored here): one whose
      // read failed keeps its mark, and is read from it again next time.
      const account = await upsertAccount(
        trx,
        target,
        entry.account,
        entry.transactions && { at: now, any: entry.transactions.length > 0 },
      );
      stored.accounts += 1;
      if (!entry.transactions) continue;
      const result = await upsertTransactions(
        trx,
        target,
        account,
        entry.transactions,
        windowStartOf(entry.account.externalId),
      );
      fresh.push(...result.fresh);
      stored.transactionsAdded += result.fresh.length;
      stored.transactionsUpdated += result.updated;
      stored.pendingRemoved += result.removed;
      stored.repeatsRemoved += result.repeatsRemoved;
    }
    for (let start = 0; start < fresh.length; start += batchSize) {
      await trx
        .insertInto('transactions')
        .values(fresh.slice(start, start + batchSize))
        .onConflict((conflict) => conflict.columns(['account_id', 'external_id']).doNothing())
        .execute();
    }
    // The connection's accounts the holder no longer lists (the client took them out of the
    // sharing, or the holder left one out of this answer) become `inactive` when they were
    // `active` (a closed one stays closed): their balance, the client's choices and their
    // transactions stay. Each loses its mark, so listed again it takes the holder's status and is
    // read over the first read's 730 days, the time it was left out too. Before 2026-12-03 they
    // stayed `active`, as if current, and that time was never read.
    const listed = new Set(pull.accounts.map((entry) => entry.account.externalId));
    const unlisted = (
      await trx
        .selectFrom('accounts')
        .select(['id', 'external_id', 'account_status', 'transactions_synced_at'])
        .where('provider_account_id', '=', target.providerAccountId)
        .where('external_id', 'is not', null)
        .execute()
    ).filter((row) => !listed.has(row.external_id ?? ''));
    stored.accountsUnlisted = unlisted.length;
    const toMark = unlisted.filter((row) => row.account_status === 'active').map((row) => row.id);
    const toForget = unlisted
      .filter((row) => row.account_status !== 'active' && row.transactions_synced_at !== null)
      .map((row) => row.id);
    for (const [ids, set] of [
      [toMark, { account_status: 'inactive', transactions_synced_at: null }],
      [toForget, { transactions_synced_at: null }],
    ] as const) {
      for (let start = 0; start < ids.length; start += batchSize) {
        await trx
          .updateTable('accounts')
          .set(set)
          .where('id', 'in', ids.slice(start, start + batchSize))
          .execute();
      }
    }
    await faultPoint(faultPoints.openBankingStorePull); // docs/reliability.md; inert unless armed
    const recorded = await trx
      .updateTable('provider_accounts')
      .set((eb) => ({
        status: outcome.providerAccountStatus,
        refresh_status: outcome.refreshStatus,
        refresh_sub_status: outcome.refreshSubStatus,
        last_refreshed: now,
        // The last pull that read every listed account's transactions. No refresh reads it since
        // 2026-12-03 (each account has its own mark, above); still written as before, so an
        // instance of the release before (a rolling deploy, a rollback) reads the windows it did.
        ...(pull.accounts.every((entry) => entry.transactions !== undefined) && {
          transactions_synced_at: now,
        }),
        // Every account's transactions failing for a time (429, 503) is a failure in a row, as a
        // pull that read no account is (`recordFailedRefresh`), so the back-off grows: before
        // 2026-12-02 the count went back to 0, and the connection was pulled again every 5 minutes
        // for as long as it lasted. A success (partial too) resets it; another failure keeps it.
        refresh_failures: failuresInARow(eb, outcome, retried),
      }))
      .where('id', '=', target.providerAccountId)
      .where((eb) => sameConsent(eb, target))
      .returning(['refresh_failures', 'next_refresh'])
      .executeTakeFirst();
    if (!recorded) return stored;
    stored.statusRecorded = true;
    stored.nextRefresh = await recordNextRefresh(trx, target, recorded, outcome, retried, nextRefresh);
    return stored;
  });
}

/**
 * The failures in a row an outcome leaves: a temporary failure counts one, unless the queue tries
 * it again (one per job, not per attempt: before 2026-12-03 each of a job's five attempts counted,
 * so one outage made the first wait 80 minutes instead of 5); a success resets the count; anything
 * else keeps it.
 */
function failuresInARow(
  eb: ExpressionBuilder<Database, 'provider_accounts'>,
  outcome: RefreshOutcome,
  retried: boolean,
): Expression<number> {
  if (outcome.temporary) return retried ? eb.ref('refresh_failures') : eb('refresh_failures', '+', 1);
  return outcome.providerAccountStatus === 'success' ? eb.val(0) : eb.ref('refresh_failures');
}

/**
 * Writes when to refresh next, in the transaction that recorded the outcome (its row locked). A
 * temporary failure the queue tries again is due as the job's end would make it (this failure
 * counted). A due time written since the refresh's mark (an adviser's refresh, due at once) is
 * kept when it is the earlier: before 2026-12-03 the outcome's, a day later, replaced it.
 */
async function recordNextRefresh(
  trx: Kysely<Database>,
  target: RefreshTarget,
  recorded: { refresh_failures: number; next_refresh: Date | null },
  outcome: RefreshOutcome,
  retried: boolean,
  nextRefresh: NextRefresh,
): Promise<Date | null> {
  const failures = recorded.refresh_failures + (outcome.temporary && retried ? 1 : 0);
  const next = typeof nextRefresh === 'function' ? nextRefresh(failures) : nextRefresh;
  const kept = keptDue(recorded.next_refresh, target.dueAsMarked, next);
  await trx
    .updateTable('provider_accounts')
    .set({ next_refresh: kept })
    .where('id', '=', target.providerAccountId)
    .execute();
  return kept;
}

/**
 * The outcome's due time, or the one found when it was written since the refresh's mark and is
 * earlier. Never a due time when the client must act (`next` null): nothing refreshes it then.
 */
export function keptDue(found: Date | null, marked: Date | null | undefined, next: Date | null): Date | null {
  if (marked === undefined || next === null || found === null) return next;
  const foundTime = new Date(found).getTime();
  if (marked !== null && foundTime === marked.getTime()) return next;
  return foundTime < next.getTime() ? new Date(foundTime) : next;
}

/** An account as stored: its id, and whether this pull added it (then it has no transactions yet). */
interface StoredAccount {
  id: number;
  added: boolean;
  /** As the source gives it now: how the account's new transactions are first categorised. */
  container: Container;
}

async function upsertAccount(
  trx: Kysely<Database>,
  target: PullTarget,
  account: SourcedAccount,
  /**
   * When this account's transactions were read (the pull's time, its new mark), and whether the
   * holder answered any. A first read that found none sets no mark: a holder still building a newly
   * shared account's history answers none at first, and the account must be read over the first
   * window again (as it was before 2026-12-03, when an account holding no transactions always was).
   * An account with a mark moves it on such a read: its window was read, and held nothing new.
   */
  transactionsRead: { at: Date; any: boolean } | undefined,
): Promise<StoredAccount> {
  const markOfNew = transactionsRead?.any ? { transactions_synced_at: transactionsRead.at } : {};
  const markOfKnown = !transactionsRead
    ? {}
    : transactionsRead.any
      ? { transactions_synced_at: transactionsRead.at }
      : {
          transactions_synced_at: sql<Date | null>`case when accounts.transactions_synced_at is null then null else ${transactionsRead.at}::timestamptz end`,
        };
  const fromSource = {
    account_name: account.accountName,
    account_number: account.accountNumber,
    container: account.container,
    account_type: account.accountType,
    holder_type: account.holderType,
    current_balance: account.currentBalance,
    available_balance: account.availableBalance,
    currency: account.currency,
    account_status: account.accountStatus,
  };
  const row = await trx
    .insertInto('accounts')
    .values({
      tenant_id: target.tenantId,
      client_id: target.clientId,
      provider_account_id: target.providerAccountId,
      external_id: account.externalId,
      nick_name: account.nickName,
      ...fromSource,
      ...markOfNew,
    })
    // The client's own choices (nickname, included, hidden) are never overwritten by a refresh.
    .onConflict((conflict) => {
      // An account the holder's balances left out keeps the balances it has.
      const { current_balance, available_balance, currency, ...rest } = fromSource;
      const update = account.balanceMissing ? rest : fromSource;
      return conflict
        .columns(['provider_account_id', 'external_id'])
        .doUpdateSet({ ...update, ...markOfKnown });
    })
    // `xmax = 0`: PostgreSQL's sign that the row was inserted by this statement, not updated.
    .returning(['id', sql<boolean>`xmax = 0`.as('added')])
    .executeTakeFirstOrThrow();
  return { id: row.id, added: row.added, container: account.container };
}

type TransactionRow = Insertable<Database['transactions']>;

/**
 * One account's pulled transactions: known ones are upserted here (PostgreSQL runs those as updates,
 * with their statement triggers, so only when needed); pending ones that posted under a new id are
 * matched, cancelled ones removed, and so are posted repeats of an id-less transaction the holder
 * no longer lists. The new ones are answered as rows for the caller to insert in batches. An
 * account this pull added has no transactions yet, so nothing is looked up for it.
 */
async function upsertTransactions(
  trx: Kysely<Database>,
  target: PullTarget,
  account: StoredAccount,
  pulled: SourcedTransaction[],
  windowStart: string,
): Promise<{ fresh: TransactionRow[]; updated: number; removed: number; repeatsRemoved: number }> {
  const accountId = account.id;
  // A holder listing one id twice (across pages that moved) must not make the upsert touch a row twice.
  const byId = new Map(pulled.map((transaction) => [transaction.externalId, transaction]));
  const transactions = [...byId.values()];
  const known = new Set<string | null>();
  let orphans: PendingRow[] = [];
  let repeats: number[] = [];
  if (!account.added) {
    const rows = await trx
      .selectFrom('transactions')
      .select('external_id')
      .where('account_id', '=', accountId)
      .where('external_id', 'is not', null)
      .execute();
    for (const row of rows) known.add(row.external_id);
    orphans = await trx
      .selectFrom('transactions')
      .select([
        'id',
        'external_id',
        sql<string>`amount::text`.as('amount'),
        sql<string>`transaction_date::text`.as('transaction_date'),
        'description_original',
      ])
      .where('account_id', '=', accountId)
      .where('status', '=', 'pending')
      .orderBy('transaction_date')
      .orderBy('id')
      .execute()
      .then((rows) => rows.filter((row) => !byId.has(row.external_id ?? '')));
    // The second and later of identical transactions without a transactionId (`fp-…#2`, …,
    // `mapCdsTransactions`) that the holder no longer lists in the window (dated after its first
    // day, as for pending ones below): it lists fewer of them now, and its count is taken. Mostly
    // one transaction a holder listed twice in a pull, its pages moving while they were read
    // (before 2026-12-04 the two had one id, and were one row). The first of them, and every
    // transaction with the holder's own id, stays when no longer listed, as posted ones always have.
    repeats = await trx
      .selectFrom('transactions')
      .select(['id', 'external_id'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'posted')
      .where('external_id', 'like', 'fp-%#%')
      .where('transaction_date', '>', windowStart)
      .execute()
      .then((rows) =>
        rows
          .filter((row) => {
            const externalId = row.external_id ?? '';
            return numberedFingerprint.test(externalId) && !byId.has(externalId);
          })
          .map((row) => row.id),
      );
  }

  // A posted transaction the platform does not know may be one of its pending ones under a new id.
  if (orphans.length > 0) {
    const matches = matchPostedToPending(
      orphans.map((row) => ({
        id: row.id,
        amount: row.amount,
        transactionDate: row.transaction_date,
        description: row.description_original,
      })),
      transactions.filter(
        (transaction) => transaction.status === 'posted' && !known.has(transaction.externalId),
      ),
      windowStart,
    );
    for (const [id, externalId] of matches) {
      await trx.updateTable('transactions').set({ external_id: externalId }).where('id', '=', id).execute();
      known.add(externalId);
    }
    orphans = orphans.filter((row) => !matches.has(row.id));
  }
  // Only the days after the window's first are wholly inside it: a hold of that first day before
  // the window's time of day is left out by the holder because of its time, not because it was
  // cancelled (before 2026-12-03 it was removed, with what the client had set on it).
  const stale = orphans.filter((row) => row.transaction_date > windowStart).map((row) => row.id);
  if (stale.length > 0) await trx.deleteFrom('transactions').where('id', 'in', stale).execute();
  for (let start = 0; start < repeats.length; start += batchSize)
    await trx
      .deleteFrom('transactions')
      .where('id', 'in', repeats.slice(start, start + batchSize))
      .execute();

  const toRow = (transaction: SourcedTransaction): TransactionRow => {
    const { categoryId, budgetCategory, included } = categoriseTransaction(transaction, account);
    return {
      tenant_id: target.tenantId,
      client_id: target.clientId,
      account_id: accountId,
      amount: transaction.amount,
      currency: transaction.currency,
      base_type: transaction.baseType,
      status: transaction.status,
      transaction_date: transaction.transactionDate,
      post_date: transaction.postDate,
      description_original: transaction.description,
      merchant_name: transaction.merchantName,
      category_id: categoryId,
      budget_category: budgetCategory,
      included,
      external_id: transaction.externalId,
    };
  };
  const existing = transactions.filter((transaction) => known.has(transaction.externalId));
  for (let start = 0; start < existing.length; start += batchSize) {
    await trx
      .insertInto('transactions')
      .values(existing.slice(start, start + batchSize).map(toRow))
      .onConflict((conflict) =>
        conflict.columns(['account_id', 'external_id']).doUpdateSet((eb) => ({
          amount: eb.ref('excluded.amount'),
          currency: eb.ref('excluded.currency'),
          base_type: eb.ref('excluded.base_type'),
          status: eb.ref('excluded.status'),
          transaction_date: eb.ref('excluded.transaction_date'),
          post_date: eb.ref('excluded.post_date'),
          description_original: eb.ref('excluded.description_original'),
          merchant_name: eb.ref('excluded.merchant_name'),
        })),
      )
      .execute();
  }
  const fresh = transactions.filter((transaction) => !known.has(transaction.externalId)).map(toRow);
  return { fresh, updated: existing.length, removed: stale.length, repeatsRemoved: repeats.length };
}

/**
 * Records a refresh that stored nothing (the pull failed before any account was read); the data
 * stays. `nextRefresh` answers when to try again from the failures in a row, this one counted.
 * Answers those, or undefined when nothing was recorded (the connection is gone, or was
 * reconnected under another consent meanwhile).
 */
export async function recordFailedRefresh(
  database: Kysely<Database>,
  target: RefreshTarget,
  outcome: RefreshOutcome,
  nextRefresh: NextRefresh,
  { retried = false }: { retried?: boolean } = {},
): Promise<{ failures: number; nextRefresh: Date | null } | undefined> {
  return inTransaction(database, async (trx) => {
    await lockClientDataVersion(trx, target.clientId);
    const row = await trx
      .updateTable('provider_accounts')
      .set((eb) => ({
        status: outcome.providerAccountStatus,
        refresh_status: outcome.refreshStatus,
        refresh_sub_status: outcome.refreshSubStatus,
        refresh_failures:
          outcome.temporary && !retried ? eb('refresh_failures', '+', 1) : eb.ref('refresh_failures'),
      }))
      .where('id', '=', target.providerAccountId)
      .where((eb) => sameConsent(eb, target))
      .returning(['refresh_failures', 'next_refresh'])
      .executeTakeFirst();
    if (!row) return undefined;
    const next = await recordNextRefresh(trx, target, row, outcome, retried, nextRefresh);
    return { failures: row.refresh_failures, nextRefresh: next };
  });
}

/** The connection still has the consent the refresh read (always, when the refresh names none). */
export function sameConsent(
  eb: ExpressionBuilder<Database, 'provider_accounts'>,
  target: RefreshTarget,
): Expression<SqlBool> {
  return target.consentId === undefined
    ? eb.lit(true)
    : eb('holder_consent_id', 'is not distinct from', target.consentId);
}
