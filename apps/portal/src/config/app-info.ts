import { version } from '../../package.json';

/**
 * How the portal names itself to the platform. Spec §7 overrides only the API version and the
 * bundle id (portal name and version); the software and device versions stay the SDK's defaults.
 */
export const appInfo = {
  name: 'waratah-adviser-portal',
  version,
  /** The API version the portal speaks; the SDK's own default is older (spec §9). */
  apiVersion: '2.30',
  /** Help when the app config names no help centre (spec §2: 'with a default fallback'). */
  defaultHelpCentreUrl: 'https://help.waratah.com.au/advisers',
} as const;

export const bundleId = `${appInfo.name}@${appInfo.version}`;
