/**
 * The SDK calls the first page (start-up, the route guard, sign-in) makes. The SDK reads every
 * response with the contracts' zod schemas, so these load with the first request (`loadSdk`),
 * never with the first page's JavaScript (docs/portal.md "How the bundles are split").
 */
export {
  createApiClient,
  getAdminUserDetails,
  getAppConfig,
  getExternalPartyDetails,
  refreshToken,
  requestAdminToken,
  revokeToken,
} from '@waratah/sdk';
