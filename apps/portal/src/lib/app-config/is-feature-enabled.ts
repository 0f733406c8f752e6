import type { AppConfig, FeatureKey } from '@waratah/contracts';
import { portalPlatformKey } from './portal-platform-key.ts';

/** A feature is on only when the portal's platform lists it enabled; no config means off. */
export function isFeatureEnabled(appConfig: AppConfig | null | undefined, featureKey: FeatureKey): boolean {
  const platform = appConfig?.platforms.find(({ key }) => key === portalPlatformKey);
  return platform?.features.some(({ key, enabled }) => key === featureKey && enabled) ?? false;
}
