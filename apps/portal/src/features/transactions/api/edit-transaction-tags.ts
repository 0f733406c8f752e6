import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addTransactionTags, removeTransactionTags } from '@waratah/sdk';
import { toast } from '@waratah/ui';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { serverErrorMessages } from '../../../lib/server-error-messages.ts';
import { TRANSACTION_TOAST_MS } from '../utils/transaction-toast.ts';
import { transactionListsKey } from './list-transactions.ts';
import { patchCachedTransactions, restoreCachedTransactions } from './patch-cached-transactions.ts';

export interface EditTransactionTagsInput {
  ids: number[];
  tags: string[];
  operation: 'add' | 'remove';
}

/** `POST` or `DELETE api/v2/transactions/tags`: tags shown at once, put back if refused. */
export function useEditTransactionTags(clientId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ ids, tags, operation }: EditTransactionTagsInput) =>
      (operation === 'add' ? addTransactionTags : removeTransactionTags)(
        client,
        { transaction_ids: ids, tags },
        { userId: clientId },
      ),
    onMutate: ({ ids, tags, operation }) =>
      patchCachedTransactions(queryClient, clientId, ids, (transaction) => ({
        ...transaction,
        user_tags:
          operation === 'add'
            ? [...new Set([...transaction.user_tags, ...tags])]
            : transaction.user_tags.filter((tag) => !tags.includes(tag)),
      })),
    onError: (error, _input, previous) => {
      if (previous) restoreCachedTransactions(queryClient, previous);
      toast.error(t('transactions.errors.saveFailed', { reason: serverErrorMessages(error).join(' ') }), {
        duration: TRANSACTION_TOAST_MS,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionListsKey(clientId) }),
  });
}
