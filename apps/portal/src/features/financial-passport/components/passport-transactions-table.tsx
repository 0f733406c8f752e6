import type { Transaction } from '@waratah/contracts';
import { Table, type TableColumn } from '@waratah/ui';
import { useState } from 'react';
import { ClientDataError } from '../../../lib/client-pages/client-data-error.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import {
  FIGURE_PAGE_SIZE,
  type FigureOrder,
  figurePageIds,
  useFigureTransactions,
} from '../api/list-figure-transactions.ts';

/** A transaction as the table of a figure shows it. */
export interface PassportTransactionRow {
  id: number;
  date: string;
  description: string;
  account_name: string;
  amount: string;
}

export interface PassportTransactionsTableProps {
  clientId: number;
  figure: string;
  /** The figure's transactions as the report names them, oldest first. */
  transactionIds: readonly number[];
  accountNames: ReadonlyMap<number, string>;
}

/**
 * The transactions one figure was summed from, newest first, ten a page: each page is read from
 * the platform when it is shown, so opening a figure of thousands of transactions stays quick.
 */
export function PassportTransactionsTable({
  clientId,
  figure,
  transactionIds,
  accountNames,
}: PassportTransactionsTableProps) {
  const { t } = useTranslation();
  const [chosenPage, setPage] = useState(1);
  const [order, setOrder] = useState<FigureOrder>('desc');
  // Another period can leave the figure with fewer pages than the one open: show its last.
  const page = Math.min(chosenPage, Math.max(1, Math.ceil(transactionIds.length / FIGURE_PAGE_SIZE)));
  const ids = figurePageIds(transactionIds, page, order);
  const query = useFigureTransactions(clientId, ids);

  if (query.isError && !query.data) {
    return (
      <ClientDataError error={query.error}>
        {/* Held until a busy platform's Retry-After has passed (since 2026-12-03). */}
        <RetryAlert
          retryLabel={t('passport.retry')}
          onRetry={() => void query.refetch()}
          errors={[query.error]}
        >
          {t('passport.transactions.loadError')}
        </RetryAlert>
      </ClientDataError>
    );
  }
  const rows = (query.data ?? []).map((transaction) => rowOf(transaction, accountNames));
  const columns: TableColumn<PassportTransactionRow>[] = [
    {
      key: 'date',
      label: t('passport.transactions.date'),
      isSortable: true,
      initSortOrder: 'desc',
      formatter: (value) => formatDate(String(value)),
      className: 'whitespace-nowrap',
    },
    { key: 'description', label: t('passport.transactions.description') },
    { key: 'account_name', label: t('passport.transactions.account') },
    {
      key: 'amount',
      label: t('passport.transactions.amount'),
      formatter: (value) => formatMoney(String(value)),
      className: 'whitespace-nowrap text-right tabular-nums',
    },
  ];
  const loading = transactionIds.length > 0 && query.isPending;
  return (
    <div aria-busy={loading || query.isPlaceholderData || undefined}>
      <Table
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        caption={t('passport.transactions.caption', { figure })}
        pageSize={FIGURE_PAGE_SIZE}
        total={transactionIds.length}
        page={page}
        onPageChange={setPage}
        manualSort
        onSortChange={(sort) => {
          setOrder(sort.order);
          setPage(1);
        }}
        emptyText={loading ? t('passport.transactions.loading') : t('passport.figure.noTransactions')}
        className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      />
    </div>
  );
}

function rowOf(transaction: Transaction, accountNames: ReadonlyMap<number, string>): PassportTransactionRow {
  return {
    id: transaction.id,
    date: transaction.transaction_date,
    // The name the report grouped it by: the merchant, else the cleaned description, else the bank's.
    description:
      transaction.merchant?.name ?? transaction.description.simple ?? transaction.description.original,
    account_name: accountNames.get(transaction.account_id) ?? String(transaction.account_id),
    amount: transaction.amount.amount,
  };
}
