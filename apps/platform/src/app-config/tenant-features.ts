import { adviserWebPortalPlatformKey, type FeatureKey } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import { requestTenancy } from '../tenancy/request-tenancy.ts';

/**
 * The feature keys enabled in the tenant's adviser-portal app config (spec §3), in the request's
 * environment: the portal shows an action only with its key on (spec §6), and the platform
 * refuses what the portal would not offer.
 */
export async function tenantFeatures(
  request: FastifyRequest,
  tenantId: string,
): Promise<ReadonlySet<FeatureKey>> {
  const { environment } = requestTenancy(request);
  const config = await request.server.appConfigs.findAppConfig({
    tenantId: tenantId as TenantId,
    environment,
    platformKey: adviserWebPortalPlatformKey,
  });
  const features = config?.platforms[0]?.features ?? [];
  return new Set(features.filter((feature) => feature.enabled).map((feature) => feature.key as FeatureKey));
}
