import type { adviserWebPortalPlatformKey } from '@waratah/contracts';

/**
 * The portal's platform in the app config: the contracts' `adviserWebPortalPlatformKey`, restated
 * because importing a value from the contracts module would bring its zod schemas into the first
 * page's JavaScript; the type keeps the two equal.
 */
export const portalPlatformKey: typeof adviserWebPortalPlatformKey = 'adviser-web-portal';
