import { version } from '../../package.json';

/** How the portal names itself to the platform (spec §7: bundle id of portal name and version). */
export const appInfo = {
  name: 'waratah-adviser-portal',
  version,
  /** The API version the portal speaks; the SDK's own default is older (spec §9). */
  apiVersion: '2.30',
  /** Help when the app config names no help centre (spec §2: 'with a default fallback'). */
  defaultHelpCentreUrl: 'https://help.waratah.com.au/advisers',
} as const;

export const bundleId = `${appInfo.name}@${appInfo.version}`;
export const softwareVersion = appInfo.version;
export const deviceVersion = `web${appInfo.version}`;
