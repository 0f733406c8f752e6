import { LoadingTable } from '@waratah/ui';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ClientDataError } from '../../../lib/client-pages/client-data-error.tsx';
import { isClientGone } from '../../../lib/client-pages/is-client-gone.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { useTransactionAccounts } from '../api/list-transaction-accounts.ts';
import { useTransactionCategories } from '../api/list-transaction-categories.ts';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/list-transactions.ts';
import {
  countActiveFilters,
  readTransactionFilters,
  readTransactionPagePosition,
  type TransactionFilters,
  type TransactionPagePosition,
  transactionSearchParams,
} from '../utils/transaction-filters.ts';
import { ActiveTransactionFilters } from './active-transaction-filters.tsx';
import { TransactionActions } from './transaction-actions.tsx';
import { firstFilterFieldId, TransactionFilterForm } from './transaction-filter-form.tsx';
import { TransactionsPager } from './transactions-pager.tsx';
import { TransactionsTable } from './transactions-table.tsx';

export interface TransactionsPageProps {
  clientId: number;
  /** Feature `transaction_categorisation`: selection, recategorising, tags and include/exclude. */
  canCategorise: boolean;
}

/**
 * A client's transactions (spec §2 'Transactions'), paged on the platform. Filters and the page
 * live in the URL, so a view can be shared and survives a reload.
 */
export function TransactionsPage({ clientId, canCategorise }: TransactionsPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const viewKey = params.toString();
  const filters = useMemo(() => readTransactionFilters(new URLSearchParams(viewKey)), [viewKey]);
  const position = useMemo(() => readTransactionPagePosition(new URLSearchParams(viewKey)), [viewKey]);
  const list = useTransactions(clientId, filters, position);
  const accounts = useTransactionAccounts(clientId);
  const categories = useTransactionCategories(clientId);
  const rows = list.data?.data ?? [];
  // A selection belongs to the view it was made in; another page or filter starts afresh. It holds
  // only the rows shown: one a change moves out of the view (recategorised under a category filter)
  // leaves it, so no action is ever offered on rows the adviser can no longer see.
  const [selection, setSelection] = useState({ viewKey, ids: new Set<number>() });
  const selectedRows = selection.viewKey === viewKey ? rows.filter((row) => selection.ids.has(row.id)) : [];
  const selected = new Set(selectedRows.map(({ id }) => id));
  const select = (ids: Set<number>) => setSelection({ viewKey, ids });

  const show = (nextFilters: TransactionFilters, nextPosition?: TransactionPagePosition) =>
    setParams(transactionSearchParams(nextFilters, nextPosition));
  const total = list.data?.paging.total;
  const filtered = countActiveFilters(filters) > 0;
  // A later page that came back empty (a reloaded or shared address once the filtered total fell to
  // one page) has no pager to leave by and would say there are no transactions: the list starts
  // again from its first page instead (before 2026-12-02 it stayed there).
  const emptyLaterPage = position.page > 1 && list.isSuccess && !list.isPlaceholderData && rows.length === 0;
  useEffect(() => {
    if (emptyLaterPage) setParams(transactionSearchParams(filters), { replace: true });
  }, [emptyLaterPage, filters, setParams]);
  // Consent ended while the page was open: no 'Try again' can pass, so none is offered.
  const goneError = [list.error, accounts.error, categories.error].find(isClientGone);
  // The accounts and categories name the rows and fill the filters and the recategorising: without
  // them the page says so, with a retry (before 2026-12-02 it showed blanks and bare ids).
  const lookupErrors = [
    accounts.isError ? t('transactions.accountsError') : null,
    categories.isError ? t('transactions.categoriesError') : null,
  ].filter((message) => message !== null);
  const retryLookups = () => {
    if (accounts.isError) void accounts.refetch();
    if (categories.isError) void categories.refetch();
  };

  const heading = (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="transactions-heading" className="font-semibold text-2xl tracking-tight">
        {t('transactions.title')}
      </h2>
      <p className="text-muted-foreground" aria-live="polite">
        {total === undefined || goneError !== undefined ? null : t('counts.transactions', { count: total })}
      </p>
    </div>
  );
  if (goneError !== undefined) {
    return (
      <section aria-labelledby="transactions-heading" className="flex flex-col gap-5">
        {heading}
        <ClientDataError error={goneError} />
      </section>
    );
  }

  return (
    <section aria-labelledby="transactions-heading" className="flex flex-col gap-5">
      {heading}
      {lookupErrors.length > 0 ? (
        <RetryAlert
          retryLabel={t('transactions.retry')}
          onRetry={retryLookups}
          errors={[accounts.error, categories.error]}
        >
          {lookupErrors.join(' ')}
        </RetryAlert>
      ) : null}
      <TransactionFilterForm
        filters={filters}
        accounts={accounts.data ?? []}
        categories={categories.data ?? []}
        onApply={(next) => show(next)}
      />
      {filtered ? (
        <ActiveTransactionFilters
          filters={filters}
          accounts={accounts.data ?? []}
          categories={categories.data ?? []}
          onChange={(next) => show(next)}
          onLastDismissed={() => document.getElementById(firstFilterFieldId)?.focus()}
        />
      ) : null}
      {canCategorise && selectedRows.length > 0 ? (
        <TransactionActions
          clientId={clientId}
          transactions={selectedRows}
          onClearSelection={() => select(new Set())}
        />
      ) : null}
      {/* The rows wait for the accounts (usually already cached by the client frame): drawn without
          them, every row would be drawn again a moment later with its account's name, and the
          account column would widen under the adviser's eyes. A failed answer leaves them blank,
          and the alert above says why. */}
      {list.isPending || accounts.isPending || emptyLaterPage ? (
        <LoadingTable columns={canCategorise ? 6 : 5} rows={8} label={t('transactions.loading')} />
      ) : list.isError && !list.data ? (
        // A busy platform's Retry-After holds the button until then (before 2026-12-03 it was offered
        // at once, and asking sooner was only refused again).
        <RetryAlert
          retryLabel={t('transactions.retry')}
          onRetry={() => void list.refetch()}
          errors={[list.error]}
        >
          {t('transactions.loadError')}
        </RetryAlert>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-10 text-center text-muted-foreground">
          {filtered ? t('transactions.empty') : t('transactions.emptyClient')}
        </p>
      ) : (
        <TransactionsTable
          transactions={rows}
          accounts={accounts.data ?? []}
          canSelect={canCategorise}
          selected={selected}
          onSelectedChange={select}
          busy={list.isPlaceholderData}
        />
      )}
      {list.data && total !== undefined ? (
        <TransactionsPager
          page={position.page}
          pages={Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE))}
          cursors={list.data.paging.cursors}
          busy={list.isPlaceholderData}
          onPageChange={(next) => show(filters, next)}
        />
      ) : null}
    </section>
  );
}
