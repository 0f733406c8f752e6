import type { FastifyInstance } from 'fastify';
import { adminUserRoutes } from '../routes/admin/adminusers/admin-user-routes.ts';
import { adminPartyRoutes } from '../routes/admin/cdr-parties/admin-party-routes.ts';
import { putAdminAppConfigRoute } from '../routes/admin/config/put-app-config.ts';
import { adviserPartyRoutes } from '../routes/adviser/parties/adviser-party-routes.ts';
import { getBrokersAggregators } from '../routes/brokers/get-brokers-aggregators.ts';
import { oauthRoutes } from '../routes/oauth/oauth-routes.ts';

/** The token endpoints, the admin-user flows, the registration endpoints (spec §7) and the operators' app-config switch. */
export async function credentialRoutes(app: FastifyInstance): Promise<void> {
  await app.register(oauthRoutes);
  await app.register(adminUserRoutes, { prefix: '/api/admin/adminusers' });
  await app.register(adviserPartyRoutes, { prefix: '/api/adviser' });
  await app.register(adminPartyRoutes, { prefix: '/api/admin/cdr' });
  await app.register(getBrokersAggregators);
  await app.register(putAdminAppConfigRoute);
}
