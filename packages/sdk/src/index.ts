export {
  ApiError,
  type ApiErrorOptions,
  apiErrorFromBody,
  clientErrorCodes,
  isApiError,
} from './api-error.ts';
export { getAppConfig } from './config/get-app-config.ts';
export {
  type ApiClient,
  type ApiClientOptions,
  type ApiRequest,
  createApiClient,
  type QueryValue,
} from './create-api-client.ts';
export {
  type AdminTokenRequest,
  type OAuthToken,
  oauthTokenSchema,
  requestAdminToken,
} from './oauth/request-admin-token.ts';
export { sdkDefaults } from './sdk-defaults.ts';
