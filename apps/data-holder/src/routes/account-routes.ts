import type { FastifyInstance } from 'fastify';
import { defineCdsRoute } from '../cds/define-cds-route.ts';
import { paginate, readPaging } from '../cds/paginate.ts';
import { readAccountFilters } from '../cds/read-account-filters.ts';
import { toCdsAccount, toCdsAccountDetail } from '../cds/to-cds-account.ts';
import type { HolderRuntime } from '../holder-runtime.ts';
import { consentedAccounts, findConsentedAccount } from './find-consented-account.ts';

/** GET /banking/accounts (paged, filtered) and /banking/accounts/{accountId}. */
export function registerAccountRoutes(scope: FastifyInstance, runtime: HolderRuntime): void {
  defineCdsRoute(
    scope,
    runtime,
    { url: '/banking/accounts', versions: { min: 3, max: 3 }, authenticated: true },
    (context) => {
      const paging = readPaging(context.query);
      const accounts = consentedAccounts(runtime, context).filter(readAccountFilters(context.query));
      const page = paginate(accounts, paging, context.selfUrl);
      return { data: { accounts: page.items.map(toCdsAccount) }, links: page.links, meta: page.meta };
    },
  );

  defineCdsRoute(
    scope,
    runtime,
    { url: '/banking/accounts/:accountId', versions: { min: 5, max: 5 }, authenticated: true },
    (context) => ({
      data: toCdsAccountDetail(findConsentedAccount(runtime, context), runtime.clock.now()),
      links: { self: context.selfUrl.toString() },
      meta: {},
    }),
  );
}
