import type { PassportTransaction } from '@waratah/contracts';
import { Table, type TableColumn } from '@waratah/ui';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format.ts';

export interface PassportTransactionRow extends PassportTransaction {
  account_name: string;
}

/** The transactions one figure was summed from, newest first. */
export function PassportTransactionsTable({
  figure,
  rows,
}: {
  figure: string;
  rows: PassportTransactionRow[];
}) {
  const { t } = useTranslation();
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
  return (
    <Table
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      caption={t('passport.transactions.caption', { figure })}
      pageSize={10}
      emptyText={t('passport.figure.noTransactions')}
    />
  );
}
