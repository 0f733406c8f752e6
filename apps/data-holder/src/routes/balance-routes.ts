import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CdsError } from '../cds/cds-error.ts';
import { defineCdsRoute } from '../cds/define-cds-route.ts';
import { paginate, readPaging } from '../cds/paginate.ts';
import { readAccountFilters } from '../cds/read-account-filters.ts';
import { toCdsBalance } from '../cds/to-cds-balance.ts';
import { getAccountBalance } from '../data/account-balance.ts';
import type { HolderAccount } from '../data/holder-account.ts';
import type { HolderRuntime } from '../holder-runtime.ts';
import { consentedAccounts, findConsentedAccount } from './find-consented-account.ts';

const accountIdListSchema = z.object({ data: z.object({ accountIds: z.array(z.string().min(1)).min(1) }) });

/** GET and POST /banking/accounts/balances, GET /banking/accounts/{accountId}/balance. */
export function registerBalanceRoutes(scope: FastifyInstance, runtime: HolderRuntime): void {
  const balanceOf = (account: HolderAccount) =>
    toCdsBalance(account.accountId, getAccountBalance(account, runtime.data.transactions(account)));

  defineCdsRoute(
    scope,
    runtime,
    { url: '/banking/accounts/balances', versions: { min: 2, max: 2 }, authenticated: true },
    (context) => {
      const accounts = consentedAccounts(runtime, context).filter(readAccountFilters(context.query));
      const page = paginate(accounts, readPaging(context.query), context.selfUrl);
      return { data: { balances: page.items.map(balanceOf) }, links: page.links, meta: page.meta };
    },
  );

  defineCdsRoute(
    scope,
    runtime,
    { method: 'POST', url: '/banking/accounts/balances', versions: { min: 1, max: 1 }, authenticated: true },
    (context) => {
      const parsed = accountIdListSchema.safeParse(context.body);
      if (!parsed.success)
        throw new CdsError('invalidField', 'data.accountIds must be a non-empty list of account ids');
      const accounts = consentedAccounts(runtime, context);
      const chosen = parsed.data.data.accountIds.map((accountId) => {
        const account = accounts.find((candidate) => candidate.accountId === accountId);
        if (!account)
          throw new CdsError(
            'invalidBankingAccount',
            `account '${accountId}' is not covered by this consent`,
          );
        return account;
      });
      const page = paginate(chosen, readPaging(context.query), context.selfUrl);
      return { data: { balances: page.items.map(balanceOf) }, links: page.links, meta: page.meta };
    },
  );

  defineCdsRoute(
    scope,
    runtime,
    { url: '/banking/accounts/:accountId/balance', versions: { min: 1, max: 1 }, authenticated: true },
    (context) => ({
      data: balanceOf(findConsentedAccount(runtime, context)),
      links: { self: context.selfUrl.toString() },
      meta: {},
    }),
  );
}
