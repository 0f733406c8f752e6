/**
 * The SDK calls the first page (start-up, sign-in, the session) makes. The SDK reads every
 * response with the contracts' zod schemas, so these load with the first request (`loadSdk`),
 * never with the first page's JavaScript (docs/portal.md "How the bundles are split").
 */
export {
  createApiClient,
  getAppConfig,
  refreshToken,
  requestAdminToken,
  retryAtOf,
  revokeToken,
} from '@waratah/sdk';
