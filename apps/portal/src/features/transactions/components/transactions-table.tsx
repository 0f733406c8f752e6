import type { Account, Transaction } from '@waratah/contracts';
import { Checkbox, cn, Tag } from '@waratah/ui';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { accountLabels, transactionTitle } from '../utils/describe-transaction.ts';

export interface TransactionsTableProps {
  transactions: Transaction[];
  accounts: Account[];
  canSelect: boolean;
  selected: ReadonlySet<number>;
  onSelectedChange: (selected: Set<number>) => void;
  /** The next page is on its way; the rows shown are the previous page's. */
  busy?: boolean;
}

/** Rows drawn in the table's first paint: more than a tall window shows; the rest follow at once. */
export const FIRST_PAINT_ROWS = 20;

const headerCell = 'px-4 py-3 font-semibold text-muted-foreground text-xs uppercase tracking-wide';

export function TransactionsTable({
  transactions,
  accounts,
  canSelect,
  selected,
  onSelectedChange,
  busy = false,
}: TransactionsTableProps) {
  const { t } = useTranslation();
  const accountNames = useMemo(() => accountLabels(accounts), [accounts]);
  const selectedHere = transactions.filter((row) => selected.has(row.id)).length;
  // The kit's box draws a mixed state as a tick, which would read as "all"; so all or nothing.
  const allChecked = selectedHere > 0 && selectedHere === transactions.length;

  // The first screenful in the first paint, the rest just after in a transition React can pause,
  // so a page of rows never holds the main thread in one long task (Lighthouse's TBT).
  const [allRows, setAllRows] = useState(transactions.length <= FIRST_PAINT_ROWS);
  useEffect(() => {
    if (!allRows) startTransition(() => setAllRows(true));
  }, [allRows]);
  const shown = allRows ? transactions : transactions.slice(0, FIRST_PAINT_ROWS);

  // One function for the table's life, so that a row re-renders only when its own props change.
  const latest = useRef({ selected, onSelectedChange });
  useLayoutEffect(() => {
    latest.current = { selected, onSelectedChange };
  });
  const toggle = useCallback((id: number, checked: boolean) => {
    const next = new Set(latest.current.selected);
    if (checked) next.add(id);
    else next.delete(id);
    latest.current.onSelectedChange(next);
  }, []);

  return (
    // A narrow window scrolls the table sideways: the box (a region) takes focus, so the arrow keys
    // scroll it, and is named after the table (before 2026-12-03 a keyboard could not reach its far
    // columns).
    <section
      className={cn(
        'overflow-x-auto rounded-xl border border-border bg-surface transition-opacity',
        'focus-visible:outline-2 focus-visible:outline-ring',
        busy && 'opacity-60',
      )}
      aria-busy={busy || undefined}
      aria-label={t('transactions.caption')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className="w-full border-collapse text-left text-body text-sm">
        <caption className="sr-only">{t('transactions.caption')}</caption>
        <thead className="bg-muted/60">
          <tr>
            {canSelect ? (
              <th scope="col" className="w-10 px-4 py-3">
                <Checkbox
                  label={<span className="sr-only">{t('transactions.selectAll')}</span>}
                  checked={allChecked}
                  onCheckedChange={(checked) =>
                    onSelectedChange(
                      checked === true ? new Set(transactions.map((row) => row.id)) : new Set(),
                    )
                  }
                />
              </th>
            ) : null}
            <th scope="col" className={headerCell}>
              {t('transactions.columns.date')}
            </th>
            <th scope="col" className={headerCell}>
              {t('transactions.columns.description')}
            </th>
            <th scope="col" className={headerCell}>
              {t('transactions.columns.account')}
            </th>
            <th scope="col" className={headerCell}>
              {t('transactions.columns.category')}
            </th>
            <th scope="col" className={cn(headerCell, 'text-right')}>
              {t('transactions.columns.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((transaction) => (
            <TransactionRow
              key={transaction.id}
              transaction={transaction}
              accountName={accountNames.get(transaction.account_id) ?? ''}
              canSelect={canSelect}
              isSelected={selected.has(transaction.id)}
              onToggle={toggle}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

interface TransactionRowProps {
  transaction: Transaction;
  accountName: string;
  canSelect: boolean;
  isSelected: boolean;
  onToggle: (id: number, checked: boolean) => void;
}

/**
 * One row, memoised: the page renders again as its other answers (accounts, categories) arrive and
 * whenever a box is ticked, and only the rows whose own props changed need to render again (a tick
 * on a page of 100 rows: 19 → 14 ms of event handling, median of 10, docs/benchmarks.md).
 */
const TransactionRow = memo(function TransactionRow({
  transaction,
  accountName,
  canSelect,
  isSelected,
  onToggle,
}: TransactionRowProps) {
  const { t } = useTranslation();
  const title = transactionTitle(transaction);
  const date = formatDate(transaction.transaction_date);
  // A pending transaction may still change or drop off when the bank posts it, so it says so
  // (before 2026-12-03 it looked exactly like a posted one).
  const pending = transaction.status === 'pending';
  return (
    <tr
      key={transaction.id}
      data-transaction-id={transaction.id}
      className={cn(
        'border-border border-t',
        isSelected && 'bg-primary/5',
        !transaction.included && 'text-muted-foreground',
      )}
    >
      {canSelect ? (
        <td className="px-4 py-3 align-top">
          <Checkbox
            label={
              <span className="sr-only">{t('transactions.selectRow', { description: title, date })}</span>
            }
            checked={isSelected}
            onCheckedChange={(checked) => onToggle(transaction.id, checked === true)}
          />
        </td>
      ) : null}
      <td className="whitespace-nowrap px-4 py-3 align-top">{date}</td>
      <td className="px-4 py-3 align-top">
        <div className="flex flex-col gap-1">
          <span className="font-medium">{title}</span>
          {title !== transaction.description.original ? (
            <span className="text-muted-foreground text-xs">{transaction.description.original}</span>
          ) : null}
          {transaction.user_tags.length > 0 || !transaction.included || pending ? (
            <span className="flex flex-wrap gap-1">
              {pending ? (
                <Tag size="xs" variant="neutral">
                  <span aria-hidden="true">{t('transactions.pending')}</span>
                  <span className="sr-only">{t('transactions.pendingLabel')}</span>
                </Tag>
              ) : null}
              {!transaction.included ? (
                <Tag size="xs" variant="warning">
                  {t('transactions.excluded')}
                </Tag>
              ) : null}
              {transaction.user_tags.map((tag) => (
                <Tag key={tag} size="xs" variant="primary">
                  {tag}
                </Tag>
              ))}
            </span>
          ) : null}
        </div>
      </td>
      <td className="px-4 py-3 align-top">{accountName}</td>
      <td className="px-4 py-3 align-top" data-column="category">
        <div className="flex flex-col items-start gap-1">
          <span>{transaction.category?.name ?? t('transactions.uncategorised')}</span>
          <Tag size="xs">{t(`transactions.budgetCategory.${transaction.budget_category}`)}</Tag>
        </div>
      </td>
      <td
        className={cn(
          'whitespace-nowrap px-4 py-3 text-right align-top font-medium tabular-nums',
          transaction.base_type === 'credit' && transaction.included && 'text-success',
        )}
      >
        {formatMoney(transaction.amount.amount)}
      </td>
    </tr>
  );
});
