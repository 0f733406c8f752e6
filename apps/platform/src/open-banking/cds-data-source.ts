import type { CdsBankingClient } from './cds-banking-client.ts';
import { CdsRequestError } from './cds-request-error.ts';
import { classifyCdsFailure } from './classify-cds-failure.ts';
import {
  type DataSource,
  type DataSourcePull,
  oldestTimeOf,
  type SourcedAccountData,
} from './data-source.ts';
import { mapCdsAccount } from './map-cds-account.ts';
import { mapCdsTransactions } from './map-cds-transaction.ts';
import { summariseRefresh } from './summarise-refresh.ts';

const toCdsTime = (time: Date) => time.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * An open-banking data holder as a data source: customer type, accounts, balances, then each
 * account's transactions, each from its own oldest time (`PullWindow.accountOldestTimes`; an account
 * without one from the first read's window). A failure before the accounts are known fails the
 * whole pull; one account's failed transactions only mark that account, and the pull is a partial
 * success.
 */
export function createCdsDataSource(client: CdsBankingClient): DataSource {
  return {
    async pull(window): Promise<DataSourcePull> {
      const { newestTime } = window;
      let accounts: SourcedAccountData[];
      try {
        const customerType = await client.getCustomerType();
        const [cdsAccounts, balances] = await Promise.all([client.listAccounts(), client.listBalances()]);
        // Each account's balance by its id (the first, where a holder lists two): a search of the
        // list for each account was 10^10 comparisons at the 100,000 accounts a pull may hold.
        const balanceOf = new Map<string, (typeof balances)[number]>();
        for (const balance of balances)
          if (!balanceOf.has(balance.accountId)) balanceOf.set(balance.accountId, balance);
        accounts = cdsAccounts.map((account) => ({
          account: mapCdsAccount(account, balanceOf.get(account.accountId), customerType),
          transactions: undefined,
          failure: undefined,
        }));
      } catch (error) {
        return { accounts: [], outcome: classifyCdsFailure(error) };
      }
      const windowOf = (externalId: string) => ({
        oldestTime: toCdsTime(oldestTimeOf(window, externalId)),
        ...(newestTime ? { newestTime: toCdsTime(newestTime) } : {}),
      });
      // A pending transaction without any time is dated the pull's day (`map-cds-transaction.ts`).
      const pulledAt = newestTime ?? new Date();
      // One account at a time: holders rate-limit per consent. Once the holder answers 429 (too
      // many requests), the accounts after it are not asked in this pull: each would be refused
      // too, and count against the consent's limit. They fail as it did, and are read next time.
      let rateLimited: SourcedAccountData['failure'];
      for (const entry of accounts) {
        if (rateLimited) {
          entry.failure = rateLimited;
          continue;
        }
        try {
          const { externalId } = entry.account;
          // Identical ones without a transactionId are numbered in the holder's order.
          entry.transactions = mapCdsTransactions(
            await client.listTransactions(externalId, windowOf(externalId)),
            pulledAt,
          );
        } catch (error) {
          entry.failure = classifyCdsFailure(error);
          if (error instanceof CdsRequestError && error.status === 429) rateLimited = entry.failure;
        }
      }
      return { accounts, outcome: summariseRefresh(accounts) };
    },
  };
}
