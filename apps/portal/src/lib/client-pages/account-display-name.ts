import type { Account } from '@waratah/contracts';

/** The client's own nickname for an account when they gave one, else the institution's name. */
export function accountDisplayName(account: Pick<Account, 'nick_name' | 'account_name'>): string {
  return account.nick_name?.trim() || account.account_name;
}
