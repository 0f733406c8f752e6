import type { Transaction } from '@waratah/contracts';
import { Button } from '@waratah/ui';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useTransactionCategories } from '../api/list-transaction-categories.ts';
import { useUpdateTransactions } from '../api/update-transactions.ts';
import { RecategoriseDialog } from './recategorise-dialog.tsx';
import { TransactionTagsDialog } from './transaction-tags-dialog.tsx';

export interface TransactionActionsProps {
  clientId: number;
  transactions: Transaction[];
  onClearSelection: () => void;
}

/** What can be done to the selected transactions (feature `transaction_categorisation`). */
export function TransactionActions({ clientId, transactions, onClearSelection }: TransactionActionsProps) {
  const { t } = useTranslation();
  // The page's own list of categories (one cache entry): a failure is said in the dialog, with a retry.
  const categories = useTransactionCategories(clientId);
  const [dialog, setDialog] = useState<'recategorise' | 'tags' | null>(null);
  const update = useUpdateTransactions(clientId);
  const count = transactions.length;
  const ids = transactions.map(({ id }) => id);

  function setIncluded(included: boolean) {
    update.mutate({
      ids,
      change: { included },
      successMessage: t(included ? 'transactions.actions.included' : 'transactions.actions.excluded', {
        count,
      }),
    });
  }

  return (
    <div
      role="toolbar"
      aria-label={t('transactions.actions.label')}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3"
    >
      <span className="mr-auto font-medium text-sm">{t('transactions.actions.selected', { count })}</span>
      <Button size="sm" onClick={() => setDialog('recategorise')}>
        {t('transactions.actions.recategorise')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setDialog('tags')}>
        {t('transactions.actions.editTags')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setIncluded(true)}>
        {t('transactions.actions.include')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setIncluded(false)}>
        {t('transactions.actions.exclude')}
      </Button>
      <Button size="sm" variant="text" onClick={onClearSelection}>
        {t('transactions.actions.clearSelection')}
      </Button>
      <RecategoriseDialog
        open={dialog === 'recategorise'}
        onOpenChange={(open) => setDialog(open ? 'recategorise' : null)}
        transactions={transactions}
        categories={categories.data ?? []}
        categoriesFailed={categories.isError}
        onRetryCategories={() => void categories.refetch()}
        onSave={(change, category) =>
          update.mutate({
            ids,
            change,
            category,
            successMessage: t('transactions.recategorise.done', { count, category: category.name }),
          })
        }
      />
      <TransactionTagsDialog
        open={dialog === 'tags'}
        onOpenChange={(open) => setDialog(open ? 'tags' : null)}
        clientId={clientId}
        transactions={transactions}
      />
    </div>
  );
}
