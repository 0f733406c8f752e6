import type { Account, Transaction } from '@waratah/contracts';

/** What a person calls the transaction: their own wording first, then the tidied, then the bank's. */
export function transactionTitle(transaction: Transaction): string {
  return (
    transaction.description.user ??
    transaction.description.simple ??
    transaction.merchant?.name ??
    transaction.description.original
  );
}

export function accountLabel(account: Account): string {
  return account.nick_name ?? account.account_name;
}
