import type { LedgerTransaction } from '../data/holder-data.ts';
import { formatAmount } from './amount-string.ts';

const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

/** BankingTransactionV2; a pending transaction has no posting time yet. */
export function toCdsTransaction(transaction: LedgerTransaction) {
  const optional = {
    merchantName: transaction.merchantName,
    merchantCategoryCode: transaction.merchantCategoryCode,
    billerCode: transaction.billerCode,
    billerName: transaction.billerName,
    crn: transaction.crn,
  };
  return {
    accountId: transaction.accountId,
    transactionId: transaction.transactionId,
    isDetailAvailable: false,
    type: transaction.type,
    status: transaction.status,
    description: transaction.description,
    ...(transaction.status === 'POSTED'
      ? { postingDateTime: iso(transaction.postedAt), valueDateTime: iso(transaction.postedAt) }
      : {}),
    executionDateTime: iso(transaction.executedAt),
    amount: formatAmount(transaction.amountCents),
    currency: 'AUD',
    reference: transaction.reference,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}
