import type { Account, TransactionCategory } from '@waratah/contracts';
import { Tag } from '@waratah/ui';
import { useRef } from 'react';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { accountLabels } from '../utils/describe-transaction.ts';
import { type TransactionFilters, transactionFilterKeys } from '../utils/transaction-filters.ts';

export interface ActiveTransactionFiltersProps {
  filters: TransactionFilters;
  accounts: Account[];
  categories: TransactionCategory[];
  onChange: (filters: TransactionFilters) => void;
  /** Where focus goes when the last tag is dismissed, and the list with it. */
  onLastDismissed?: () => void;
}

/** The filters in force, in words, each dismissible on its own (spec §8: 'Dismiss filter'). */
export function ActiveTransactionFilters({
  filters,
  accounts,
  categories,
  onChange,
  onLastDismissed,
}: ActiveTransactionFiltersProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const active = transactionFilterKeys.filter((key) => filters[key]);

  // The dismissed tag's button goes with it: focus moves to the next tag's, else the previous
  // one's, else to the caller's choice, never to the page's body (as it did before 2026-12-03).
  // The other tags keep their nodes (keyed by filter), so focus moved now stays.
  function dismiss(key: (typeof transactionFilterKeys)[number]) {
    const index = active.indexOf(key);
    const neighbour = active[index + 1] ?? active[index - 1];
    const button = neighbour
      ? list.current?.querySelector<HTMLButtonElement>(`[data-filter="${neighbour}"] button`)
      : undefined;
    if (button) button.focus();
    else onLastDismissed?.();
    onChange({ ...filters, [key]: '' });
  }

  function display(key: (typeof transactionFilterKeys)[number], value: string): string {
    switch (key) {
      case 'account_ids':
        return accountLabels(accounts).get(Number(value)) ?? value;
      case 'transaction_category_ids':
        return categories.find(({ id }) => String(id) === value)?.name ?? value;
      case 'budget_category':
        return t(`transactions.budgetCategory.${value as 'income'}`);
      case 'base_type':
        return value === 'credit' ? t('transactions.filters.credit') : t('transactions.filters.debit');
      case 'from_date':
      case 'to_date':
        return formatDate(value);
      case 'min_amount':
      case 'max_amount':
        return formatMoney(value);
      default:
        return value;
    }
  }

  return (
    <ul ref={list} aria-label={t('transactions.filters.active')} className="flex flex-wrap gap-2">
      {active.map((key) => {
        const summary = t(`transactions.filters.summary.${key}`, { value: display(key, filters[key] ?? '') });
        return (
          <li key={key} data-filter={key}>
            <Tag
              size="md"
              variant="primary"
              onDismiss={() => dismiss(key)}
              // Each button says which filter it removes; the tooltip stays 'Dismiss filter' (spec §8).
              dismissLabel={t('transactions.filters.dismiss', { summary })}
            >
              {summary}
            </Tag>
          </li>
        );
      })}
    </ul>
  );
}
