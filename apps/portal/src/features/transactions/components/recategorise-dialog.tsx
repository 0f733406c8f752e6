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

export interface RecategoriseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  transactions: Transaction[];
  categories: TransactionCategory[];
  onSave: (change: TransactionChange, category: TransactionCategory) => void;
}

/** Picks a category (and its budget) for the selected transactions. */
export function RecategoriseDialog({
  open,
  onOpenChange,
  transactions,
  categories,
  onSave,
}: RecategoriseDialogProps) {
  const { t } = useTranslation();
  const count = transactions.length;
  const first = transactions[0];
  const sameCategory = transactions.every((row) => row.category?.id === first?.category?.id);
  const [categoryId, setCategoryId] = useState('');
  const [budget, setBudget] = useState<BudgetCategory | ''>('');
  const [submitted, setSubmitted] = useState(false);
  const category = categories.find(({ id }) => String(id) === categoryId);

  function reset(next: boolean) {
    if (next) {
      setCategoryId(sameCategory && first?.category ? String(first.category.id) : '');
      setBudget(sameCategory && first ? first.budget_category : '');
      setSubmitted(false);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!category) return;
    onSave(
      { category_id: category.id, budget_category: budget || category.default_budget_category },
      category,
    );
    onOpenChange(false);
  }

  return (
    <Modal
      open={open}
      onOpenChange={reset}
      title={t('transactions.recategorise.title', { count })}
      showCancel={false}
      showConfirm={false}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Dropdown
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
          <Button type="button" variant="transparent" onClick={() => onOpenChange(false)}>
            {t('transactions.recategorise.cancel')}
          </Button>
          <Button type="submit">{t('transactions.recategorise.save')}</Button>
        </div>
      </form>
    </Modal>
  );
}
