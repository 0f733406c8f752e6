import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { registerHolderRevocationWorker } from '../../../open-banking/holder-consent-revocation.ts';
import { registerRefreshWorkers } from '../../../open-banking/refresh-jobs.ts';
import { registerSimulatedHolderProviders } from '../../../open-banking/simulated-holder.ts';
import { whenDatabaseReady } from '../../../plugins/when-database-ready.ts';
import { postProviderAccountRoute } from './post-provider-account.ts';
import { putProviderAccountsRoute } from './put-provider-accounts.ts';

/**
 * Connecting and refreshing open-banking provider accounts, with the refresh and holder-consent
 * revocation workers on the job queue. With the development tools on, the simulated data holder mounted at /data-holder is
 * listed as five open-banking providers once the server listens (their CDS base needs its address).
 */
export const openBankingRoutes: FastifyPluginAsync = async (app) => {
  await registerRefreshWorkers(app);
  await registerHolderRevocationWorker(app.jobQueue, app.database.db);
  await app.register(postProviderAccountRoute);
  await app.register(putProviderAccountsRoute);
  if (app.config.devTools) {
    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo | null;
      if (!address || typeof address === 'string') return;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const reachable = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host;
      await whenDatabaseReady(app, 'open banking: listing the simulated holder’s banks', () =>
        registerSimulatedHolderProviders(app.database.db, `http://${reachable}:${address.port}/data-holder`),
      );
    });
  }
};
