import type { CdsBankingClient } from './cds-banking-client.ts';
import { classifyCdsFailure } from './classify-cds-failure.ts';
import type { DataSource, DataSourcePull, SourcedAccountData } from './data-source.ts';
import { mapCdsAccount } from './map-cds-account.ts';
import { mapCdsTransaction } from './map-cds-transaction.ts';
import { summariseRefresh } from './summarise-refresh.ts';

const toCdsTime = (time: Date) => time.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * An open-banking data holder as a data source: customer type, accounts, balances, then each
 * account's transactions. A failure before the accounts are known fails the whole pull; one
 * account's failed transactions only mark that account, and the pull is a partial success.
 */
export function createCdsDataSource(client: CdsBankingClient): DataSource {
  return {
    async pull({ oldestTime, newestTime }): Promise<DataSourcePull> {
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
      const window = {
        oldestTime: toCdsTime(oldestTime),
        ...(newestTime ? { newestTime: toCdsTime(newestTime) } : {}),
      };
      // One account at a time: holders rate-limit per consent.
      for (const entry of accounts) {
        try {
          entry.transactions = (await client.listTransactions(entry.account.externalId, window)).map(
            mapCdsTransaction,
          );
        } catch (error) {
          entry.failure = classifyCdsFailure(error);
        }
      }
      return { accounts, outcome: summariseRefresh(accounts) };
    },
  };
}
