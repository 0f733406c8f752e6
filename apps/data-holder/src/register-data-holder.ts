import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CdsError } from './cds/cds-error.ts';
import { handleCdsError } from './cds/handle-cds-error.ts';
import { createHolderRuntime, type HolderRuntime, type HolderRuntimeOptions } from './holder-runtime.ts';
import { registerAccountRoutes } from './routes/account-routes.ts';
import { registerBalanceRoutes } from './routes/balance-routes.ts';
import { registerConsentAdminRoutes } from './routes/consent-admin-routes.ts';
import { registerCustomerRoutes } from './routes/customer-routes.ts';
import { registerDiscoveryRoutes } from './routes/discovery-routes.ts';
import { registerFaultControlRoutes } from './routes/fault-control-routes.ts';
import { registerProductRoutes } from './routes/product-routes.ts';
import { registerTransactionRoutes } from './routes/transaction-routes.ts';

export interface DataHolderOptions extends HolderRuntimeOptions {
  /** Where the holder is mounted; each bank's CDS base is `{prefix}/{bankId}/cds-au/v1`. */
  prefix?: string;
}

const interactionHeader = 'x-fapi-interaction-id';

/**
 * Mounts the simulated data holder in its own encapsulated scope: its error and not-found handlers
 * answer in the CDS error format without touching the host app's. Returns the runtime so that tests
 * can switch faults and move the clock without HTTP.
 */
export async function registerDataHolder(
  app: FastifyInstance,
  options: DataHolderOptions = {},
): Promise<HolderRuntime> {
  const { prefix = '/data-holder', ...runtimeOptions } = options;
  const runtime = createHolderRuntime(runtimeOptions);
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        const given = request.headers[interactionHeader];
        reply.header(interactionHeader, typeof given === 'string' && given ? given : randomUUID());
      });
      scope.setErrorHandler(handleCdsError);
      scope.setNotFoundHandler((request, reply) => {
        const error = new CdsError(
          'resourceNotFound',
          `${request.method} ${request.url} is not a data holder endpoint`,
        );
        return reply.status(404).send(error.toBody());
      });
      registerDiscoveryRoutes(scope, runtime);
      registerCustomerRoutes(scope, runtime);
      registerAccountRoutes(scope, runtime);
      registerBalanceRoutes(scope, runtime);
      registerTransactionRoutes(scope, runtime);
      registerProductRoutes(scope, runtime);
      registerConsentAdminRoutes(scope, runtime);
      registerFaultControlRoutes(scope, runtime);
    },
    { prefix },
  );
  return runtime;
}
