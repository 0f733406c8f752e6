import type { Account, TransactionCategory } from '@waratah/contracts';
import { Tag } from '@waratah/ui';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { accountLabel } from '../utils/describe-transaction.ts';
import { type TransactionFilters, transactionFilterKeys } from '../utils/transaction-filters.ts';

export interface ActiveTransactionFiltersProps {
  filters: TransactionFilters;
  accounts: Account[];
  categories: TransactionCategory[];
  onChange: (filters: TransactionFilters) => void;
}

/** The filters in force, in words, each dismissible on its own (spec §8: 'Dismiss filter'). */
export function ActiveTransactionFilters({
  filters,
  accounts,
  categories,
  onChange,
}: ActiveTransactionFiltersProps) {
  const { t } = useTranslation();

  function display(key: (typeof transactionFilterKeys)[number], value: string): string {
    switch (key) {
      case 'account_ids': {
        const account = accounts.find(({ id }) => String(id) === value);
        return account ? accountLabel(account) : value;
      }
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
    <ul aria-label={t('transactions.filters.active')} className="flex flex-wrap gap-2">
      {transactionFilterKeys.map((key) => {
        const value = filters[key];
        if (!value) return null;
        const summary = t(`transactions.filters.summary.${key}`, { value: display(key, value) });
        return (
          <li key={key}>
            <Tag
              size="md"
              variant="primary"
              onDismiss={() => onChange({ ...filters, [key]: '' })}
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
