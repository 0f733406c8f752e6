import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionCategory, TransactionChange } from '@waratah/contracts';
import { bulkUpdateTransactions } from '@waratah/sdk';
import { toast } from '@waratah/ui';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { serverErrorMessages } from '../../../lib/server-error-messages.ts';
import { TRANSACTION_TOAST_MS } from '../utils/transaction-toast.ts';
import { patchCachedTransactions, restoreCachedTransactions } from './patch-cached-transactions.ts';

export interface UpdateTransactionsInput {
  ids: number[];
  change: TransactionChange;
  /** The chosen category, so the rows show its name before the platform answers. */
  category?: TransactionCategory | undefined;
  /** What the toast says once the platform has saved the change. */
  successMessage: string;
}

/**
 * `PUT api/v2/transactions/bulk` for one or many transactions: recategorise, include or exclude.
 * The rows change at once and go back if the platform refuses; afterwards every figure of the
 * client is fetched again, so totals elsewhere (the overview) follow.
 */
export function useUpdateTransactions(clientId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ ids, change }: UpdateTransactionsInput) =>
      bulkUpdateTransactions(client, { transaction_ids: ids, ...change }, { userId: clientId }),
    onMutate: ({ ids, change, category }) =>
      patchCachedTransactions(queryClient, clientId, ids, (transaction) => ({
        ...transaction,
        ...(change.budget_category ? { budget_category: change.budget_category } : {}),
        ...(category ? { category: { id: category.id, name: category.name } } : {}),
        ...(change.included === undefined ? {} : { included: change.included }),
      })),
    onError: (error, _input, previous) => {
      if (previous) restoreCachedTransactions(queryClient, previous);
      toast.error(t('transactions.errors.saveFailed', { reason: serverErrorMessages(error).join(' ') }), {
        duration: TRANSACTION_TOAST_MS,
      });
    },
    onSuccess: (_ids, { successMessage }) => {
      toast.success(successMessage, { duration: TRANSACTION_TOAST_MS });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['clients', clientId] }),
  });
}
