import type { FastifyInstance } from 'fastify';
import { CdsError } from '../cds/cds-error.ts';
import { defineCdsRoute } from '../cds/define-cds-route.ts';
import { paginate, readPaging } from '../cds/paginate.ts';
import { readTransactionFilters } from '../cds/read-transaction-filters.ts';
import { toCdsTransaction } from '../cds/to-cds-transaction.ts';
import type { HolderRuntime } from '../holder-runtime.ts';
import { consentedAccounts, findConsentedAccount } from './find-consented-account.ts';

/** GET /banking/accounts/{accountId}/transactions, newest first. */
export function registerTransactionRoutes(scope: FastifyInstance, runtime: HolderRuntime): void {
  defineCdsRoute(
    scope,
    runtime,
    { url: '/banking/accounts/:accountId/transactions', versions: { min: 2, max: 2 }, authenticated: true },
    (context) => {
      const account = findConsentedAccount(runtime, context);
      const partial = runtime.faults.find(context.bank.id, 'partial_failure', context.consent?.customerId);
      if (partial) {
        const index = consentedAccounts(runtime, context).findIndex(
          (candidate) => candidate.accountId === account.accountId,
        );
        const fails = partial.accountIds ? partial.accountIds.includes(account.accountId) : index % 2 === 1;
        if (fails)
          throw new CdsError(
            'serviceUnavailable',
            `transactions of account '${account.accountId}' are unavailable`,
          );
      }
      const paging = readPaging(context.query);
      const filter = readTransactionFilters(context.query, runtime.clock.now());
      const page = paginate(runtime.data.transactions(account).filter(filter), paging, context.selfUrl);
      return {
        data: { transactions: page.items.map(toCdsTransaction) },
        links: page.links,
        meta: { ...page.meta, isQueryParamUnsupported: false },
      };
    },
  );
}
