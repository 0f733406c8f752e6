import type { Account, Transaction } from '@waratah/contracts';
import { accountDisplayName } from '../../../lib/client-pages/account-display-name.ts';

/** What a person calls the transaction: their own wording first, then the tidied, then the bank's. */
export function transactionTitle(transaction: Transaction): string {
  return (
    transaction.description.user ??
    transaction.description.simple ??
    transaction.merchant?.name ??
    transaction.description.original
  );
}

/**
 * Each account's name as the page shows it, by id: the name the other client pages show (a
 * nickname the client left blank, which CDS stores as `''`, is no name: before 2026-12-03 the
 * row's account, the filter and its tag were blank). Two accounts of one name (two "Everyday
 * Account"s at two banks) add their institution and masked number, so the filter and the rows
 * tell them apart; a name of its own is left as it is.
 */
export function accountLabels(accounts: readonly Account[]): Map<number, string> {
  const named = accounts.map((account) => ({ account, name: accountDisplayName(account) }));
  const uses = new Map<string, number>();
  for (const { name } of named) uses.set(name.toLowerCase(), (uses.get(name.toLowerCase()) ?? 0) + 1);
  return new Map(
    named.map(({ account, name }) => [
      account.id,
      (uses.get(name.toLowerCase()) ?? 0) > 1
        ? [name, account.provider_name, account.account_number].filter(Boolean).join(' · ')
        : name,
    ]),
  );
}
