/** Request headers the platform reads (spec §7, DESIGN §3). */
export const apiHeaders = {
  apiVersion: 'X-Api-Version',
  bundleId: 'X-Bundle-Id',
  softwareVersion: 'X-Software-Version',
  deviceVersion: 'X-Device-Version',
  userId: 'X-User-Id',
  externalPartyId: 'X-External-Party-Id',
  tenantId: 'X-Tenant-Id',
  xsrfToken: 'X-XSRF-TOKEN',
} as const;

/** Cookie name for the anti-forgery token (spec §9). */
export const xsrfCookieName = 'XSRF-TOKEN';

/** API versions the platform answers; the portal sends 2.30, the SDK defaults to 2.28 (spec §9). */
export const supportedApiVersions = ['2.28', '2.29', '2.30'] as const;
