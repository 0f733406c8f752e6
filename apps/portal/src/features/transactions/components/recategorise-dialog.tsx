import {
  type BudgetCategory,
  budgetCategories,
  type Transaction,
  type TransactionCategory,
  type TransactionChange,
} from '@waratah/contracts';
import { Button, Dropdown, Modal } from '@waratah/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';

export interface RecategoriseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  transactions: Transaction[];
  categories: TransactionCategory[];
  /** The categories could not be read: there is nothing to choose from until they are. */
  categoriesFailed?: boolean;
  onRetryCategories?: () => void;
  onSave: (change: TransactionChange, category: TransactionCategory) => void;
}

/** Picks a category (and its budget) for the selected transactions. */
export function RecategoriseDialog({
  open,
  onOpenChange,
  transactions,
  categories,
  categoriesFailed = false,
  onRetryCategories,
  onSave,
}: RecategoriseDialogProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('transactions.recategorise.title', { count: transactions.length })}
      showCancel={false}
      showConfirm={false}
    >
      {/* Mounted with each opening (the parent opens the dialog by setting `open`, which Radix does
          not report), so every opening starts from the current selection, not the last one's form. */}
      {categoriesFailed ? (
        <div className="flex flex-col gap-4">
          <RetryAlert retryLabel={t('transactions.retry')} onRetry={onRetryCategories}>
            {t('transactions.recategorise.categoriesError')}
          </RetryAlert>
          <div className="flex justify-end">
            <Button type="button" variant="transparent" onClick={close}>
              {t('transactions.recategorise.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <RecategoriseForm
          transactions={transactions}
          categories={categories}
          onSave={onSave}
          onClose={close}
        />
      )}
    </Modal>
  );
}

interface RecategoriseFormProps
  extends Pick<RecategoriseDialogProps, 'transactions' | 'categories' | 'onSave'> {
  onClose: () => void;
}

const categoryFieldId = 'recategorise-category';

/** The dialog's form, pre-filled with the category the selected rows share, if they share one. */
function RecategoriseForm({ transactions, categories, onSave, onClose }: RecategoriseFormProps) {
  const { t } = useTranslation();
  const first = transactions[0];
  const sameCategory = transactions.every((row) => row.category?.id === first?.category?.id);
  const [categoryId, setCategoryId] = useState(
    sameCategory && first?.category ? String(first.category.id) : '',
  );
  const [budget, setBudget] = useState<BudgetCategory | ''>(
    sameCategory && first ? first.budget_category : '',
  );
  const [submitted, setSubmitted] = useState(false);
  const category = categories.find(({ id }) => String(id) === categoryId);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    // Focus goes to the field, whose message it names (aria-describedby), so a screen reader says
    // why nothing was saved (before 2026-12-03 focus stayed on the button).
    if (!category) return document.getElementById(categoryFieldId)?.focus();
    onSave(
      { category_id: category.id, budget_category: budget || category.default_budget_category },
      category,
    );
    onClose();
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Dropdown
        id={categoryFieldId}
        label={t('transactions.recategorise.category')}
        required
        value={categoryId}
        onValueChange={(value) => {
          setCategoryId(value);
          const chosen = categories.find(({ id }) => String(id) === value);
          if (chosen) setBudget(chosen.default_budget_category);
        }}
        options={categories.map((option) => ({
          value: String(option.id),
          label: option.name,
          description: t(`transactions.budgetCategory.${option.default_budget_category}`),
        }))}
        error={submitted && !category ? t('transactions.recategorise.pickCategory') : undefined}
      />
      <div className="flex flex-col gap-1.5">
        <Dropdown
          label={t('transactions.recategorise.budgetCategory')}
          value={budget}
          onValueChange={(value) => setBudget(value as BudgetCategory)}
          options={budgetCategories.map((value) => ({
            value,
            label: t(`transactions.budgetCategory.${value}`),
          }))}
        />
        <p className="text-muted-foreground text-xs">{t('transactions.recategorise.budgetHint')}</p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="transparent" onClick={onClose}>
          {t('transactions.recategorise.cancel')}
        </Button>
        <Button type="submit">{t('transactions.recategorise.save')}</Button>
      </div>
    </form>
  );
}
