import { type AppConfig, adviserWebPortalPlatformKey, type FeatureKey } from '@waratah/contracts';

/** A feature is on only when the portal's platform lists it enabled; no config means off. */
export function isFeatureEnabled(appConfig: AppConfig | null | undefined, featureKey: FeatureKey): boolean {
  const platform = appConfig?.platforms.find(({ key }) => key === adviserWebPortalPlatformKey);
  return platform?.features.some(({ key, enabled }) => key === featureKey && enabled) ?? false;
}
