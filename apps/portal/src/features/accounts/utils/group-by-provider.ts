import type { Account, ProviderAccount } from '@waratah/contracts';
import { attentionRank } from '../../../lib/client-pages/refresh-explanation.ts';

export interface ProviderGroup {
  providerAccount: ProviderAccount;
  accounts: Account[];
}

/**
 * The client's connections, each with the accounts it brings in: connections needing the client's
 * action come first so they are not missed, then failed ones, then the others, each by institution
 * name.
 */
export function groupByProvider(
  providerAccounts: readonly ProviderAccount[],
  accounts: readonly Account[],
): ProviderGroup[] {
  return [...providerAccounts, ...unlistedConnections(providerAccounts, accounts)]
    .map((providerAccount) => ({
      providerAccount,
      accounts: accounts.filter((account) => account.provider_account_id === providerAccount.id),
    }))
    .sort((a, b) => {
      const attention =
        attentionRank(a.providerAccount.refresh_status) - attentionRank(b.providerAccount.refresh_status);
      return (
        attention ||
        a.providerAccount.provider_name.localeCompare(b.providerAccount.provider_name, 'en-AU', {
          sensitivity: 'base',
        })
      );
    });
}

/**
 * A connection the connections list did not (yet) include, as its accounts describe it, so that
 * every counted account is shown: the two lists are separate calls and may be read moments apart.
 */
function unlistedConnections(
  providerAccounts: readonly ProviderAccount[],
  accounts: readonly Account[],
): ProviderAccount[] {
  const listed = new Set(providerAccounts.map(({ id }) => id));
  const unlisted = new Map<number, ProviderAccount>();
  for (const account of accounts) {
    if (listed.has(account.provider_account_id) || unlisted.has(account.provider_account_id)) continue;
    unlisted.set(account.provider_account_id, {
      id: account.provider_account_id,
      provider_id: account.provider_id,
      provider_name: account.provider_name,
      editable: false,
      refresh_status: account.refresh_status,
    });
  }
  return [...unlisted.values()];
}
