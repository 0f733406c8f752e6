import { type Account, budgetCategories, decimalSchema, type TransactionCategory } from '@waratah/contracts';
import { Button, DatePicker, Dropdown, SearchInput, TextInput } from '@waratah/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { accountLabels } from '../utils/describe-transaction.ts';
import {
  type TransactionFilterKey,
  type TransactionFilters,
  transactionSearchParams,
} from '../utils/transaction-filters.ts';

export interface TransactionFilterFormProps {
  filters: TransactionFilters;
  accounts: Account[];
  categories: TransactionCategory[];
  onApply: (filters: TransactionFilters) => void;
}

// A select cannot hold an empty value, so "no filter" has a value of its own.
const ANY = 'any';
const fieldId = 'transaction-filter';
/** The form's first field, where focus goes when the last filter tag is dismissed. */
export const firstFilterFieldId = `${fieldId}-account_ids`;

/** The filters of the list, applied together; the page then writes them into the URL. */
export function TransactionFilterForm({
  filters,
  accounts,
  categories,
  onApply,
}: TransactionFilterFormProps) {
  const { t } = useTranslation();
  const accountNames = useMemo(() => accountLabels(accounts), [accounts]);
  const [draft, setDraft] = useState<TransactionFilters>(filters);
  const [submitted, setSubmitted] = useState(false);
  // The form stays mounted while the filters change (applied, cleared, a tag dismissed): the draft
  // follows them, and focus stays where it was. Before 2026-12-03 the page remounted the form on
  // every change, and focus fell to the page's body.
  const filtersKey = transactionSearchParams(filters).toString();
  const [draftOf, setDraftOf] = useState(filtersKey);
  if (draftOf !== filtersKey) {
    setDraftOf(filtersKey);
    setDraft(filters);
    setSubmitted(false);
  }
  const set = (key: TransactionFilterKey, value: string) =>
    setDraft((current) => ({ ...current, [key]: value === ANY ? '' : value }));

  const amountError = (value: string | undefined) =>
    value && !decimalSchema.safeParse(value.trim()).success
      ? t('transactions.filters.invalidAmount')
      : undefined;
  const minError = amountError(draft.min_amount);
  const maxError =
    amountError(draft.max_amount) ??
    (draft.min_amount && draft.max_amount && !minError && Number(draft.min_amount) > Number(draft.max_amount)
      ? t('transactions.filters.amountOrder')
      : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    // Focus goes to the first field wrong, whose message it names (aria-describedby), so a screen
    // reader says why nothing was applied (before 2026-12-03 focus stayed on the button).
    if (minError) return document.getElementById(`${fieldId}-min_amount`)?.focus();
    if (maxError) return document.getElementById(`${fieldId}-max_amount`)?.focus();
    const trimmed = Object.fromEntries(
      Object.entries(draft).map(([key, value]) => [key, value?.trim() ?? '']),
    ) as TransactionFilters;
    onApply(trimmed);
  }

  return (
    <form
      aria-label={t('transactions.filters.heading')}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4"
    >
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <Dropdown
          id={firstFilterFieldId}
          label={t('transactions.filters.account')}
          value={draft.account_ids || ANY}
          onValueChange={(value) => set('account_ids', value)}
          options={[
            { value: ANY, label: t('transactions.filters.allAccounts') },
            ...accounts.map((account) => ({
              value: String(account.id),
              label: accountNames.get(account.id) ?? '',
            })),
          ]}
        />
        <Dropdown
          label={t('transactions.filters.budgetCategory')}
          value={draft.budget_category || ANY}
          onValueChange={(value) => set('budget_category', value)}
          options={[
            { value: ANY, label: t('transactions.filters.allBudgetCategories') },
            ...budgetCategories.map((budget) => ({
              value: budget,
              label: t(`transactions.budgetCategory.${budget}`),
            })),
          ]}
        />
        <Dropdown
          label={t('transactions.filters.category')}
          value={draft.transaction_category_ids || ANY}
          onValueChange={(value) => set('transaction_category_ids', value)}
          options={[
            { value: ANY, label: t('transactions.filters.allCategories') },
            ...categories.map((category) => ({ value: String(category.id), label: category.name })),
          ]}
        />
        <Dropdown
          label={t('transactions.filters.direction')}
          value={draft.base_type || ANY}
          onValueChange={(value) => set('base_type', value)}
          options={[
            { value: ANY, label: t('transactions.filters.allDirections') },
            { value: 'debit', label: t('transactions.filters.debit') },
            { value: 'credit', label: t('transactions.filters.credit') },
          ]}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <DatePicker
          isRange
          name="transaction-dates"
          className="md:col-span-2"
          label={t('transactions.filters.dateRange')}
          startLabel={t('transactions.filters.from')}
          endLabel={t('transactions.filters.to')}
          value={{ start: draft.from_date ?? '', end: draft.to_date ?? '' }}
          onValueChange={({ start, end }) =>
            setDraft((current) => ({ ...current, from_date: start, to_date: end }))
          }
        />
        <TextInput
          id={`${fieldId}-min_amount`}
          label={t('transactions.filters.minAmount')}
          inputMode="decimal"
          value={draft.min_amount ?? ''}
          onChange={(event) => set('min_amount', event.target.value)}
          hint={t('transactions.filters.amountHint')}
          error={minError}
          touched={submitted}
        />
        <TextInput
          id={`${fieldId}-max_amount`}
          label={t('transactions.filters.maxAmount')}
          inputMode="decimal"
          value={draft.max_amount ?? ''}
          onChange={(event) => set('max_amount', event.target.value)}
          error={maxError}
          touched={submitted}
        />
      </div>
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchInput
          className="md:flex-1"
          label={t('transactions.filters.search')}
          placeholder={t('transactions.filters.searchPlaceholder')}
          maxLength={100}
          value={draft.search_term ?? ''}
          onValueChange={(value) => set('search_term', value)}
        />
        <div className="flex gap-2">
          <Button type="submit">{t('transactions.filters.apply')}</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              // A draft not applied yet goes too, though no filter is in force to clear.
              setDraft({});
              setSubmitted(false);
              onApply({});
            }}
          >
            {t('transactions.filters.clear')}
          </Button>
        </div>
      </div>
    </form>
  );
}
