import { type AppConfig, adviserWebPortalPlatformKey, type FeatureKey } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
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
  return enabledFeatures(config);
}

/** The keys an app config turns on; none without a config. */
export function enabledFeatures(config: AppConfig | undefined): ReadonlySet<FeatureKey> {
  const features = config?.platforms[0]?.features ?? [];
  return new Set(features.filter((feature) => feature.enabled).map((feature) => feature.key as FeatureKey));
}

/**
 * Refuses (403 F0204 `feature_off`) an adviser's request for what the tenant's app config turns
 * off, as the portal would not offer it: before 2026-11-30 only the portal hid these actions, and
 * an adviser calling the API went ahead. Its own code (F0201 before 2026-12-04) tells the portal
 * that the feature was switched off, not who may do what, without reading the app config again. An operator, a client acting for themselves and an anonymous caller (whose
 * own routes check their features) are not refused here.
 */
export async function assertAdviserFeature(
  request: FastifyRequest,
  feature: FeatureKey,
  action: string,
): Promise<void> {
  const principal = request.principal;
  if (principal?.kind !== 'admin_user' || principal.role === 'operator') return;
  if ((await tenantFeatures(request, principal.tenantId)).has(feature)) return;
  throw new AppError('feature_off', `${action} needs the ${feature} feature, which is off for this portal`);
}
