import type { FastifyInstance } from 'fastify';
import { CdsError } from '../cds/cds-error.ts';
import { type CdsRequestContext, defineCdsRoute } from '../cds/define-cds-route.ts';
import { toCdsCustomer } from '../cds/to-cds-customer.ts';
import { getCustomerProfile } from '../data/customer-profile.ts';
import type { HolderRuntime } from '../holder-runtime.ts';

/** GET /common/customer and /common/customer/detail for the consenting customer. */
export function registerCustomerRoutes(scope: FastifyInstance, runtime: HolderRuntime): void {
  const answer = ({ bank, consent, selfUrl }: CdsRequestContext, detailed: boolean) => {
    if (!consent) throw new CdsError('invalidConsent', 'this endpoint needs a consent');
    return {
      data: toCdsCustomer(getCustomerProfile(bank.id, consent.customerId), detailed),
      links: { self: selfUrl.toString() },
      meta: {},
    };
  };
  const versions = { v1: { min: 1, max: 1 }, v2: { min: 2, max: 2 } };
  defineCdsRoute(
    scope,
    runtime,
    { url: '/common/customer', versions: versions.v1, authenticated: true },
    (context) => answer(context, false),
  );
  defineCdsRoute(
    scope,
    runtime,
    { url: '/common/customer/detail', versions: versions.v2, authenticated: true },
    (context) => answer(context, true),
  );
}
