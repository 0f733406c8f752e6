export { createCdrParty } from './admin/create-cdr-party.ts';
export { getAdminBrokersAggregators } from './admin/get-admin-brokers-aggregators.ts';
export { getAdminUserDetails } from './admin/get-admin-user-details.ts';
export { inviteAdminUser } from './admin/invite-admin-user.ts';
export { listPartiesToVerify } from './admin/list-parties-to-verify.ts';
export { registerAdminUser } from './admin/register-admin-user.ts';
export { resetPassword } from './admin/reset-password.ts';
export { setPassword } from './admin/set-password.ts';
export { updateAdminUserPermissions } from './admin/update-admin-user-permissions.ts';
export { updatePartyStatus } from './admin/update-party-status.ts';
export { type VerifyPartyRequest, verifyParty } from './admin/verify-party.ts';
export { createExternalParty } from './adviser/create-external-party.ts';
export { getBrokersAggregators } from './adviser/get-brokers-aggregators.ts';
export { getExternalPartyDetails } from './adviser/get-external-party-details.ts';
export { getVerificationStatus, type VerificationStatus } from './adviser/get-verification-status.ts';
export { updateExternalPartyDetails } from './adviser/update-external-party-details.ts';
export { verifyEmail } from './adviser/verify-email.ts';
export { getFinancialPassport } from './affordability/get-financial-passport.ts';
export { addTransactionTags } from './aggregation/add-transaction-tags.ts';
export { bulkUpdateTransactions } from './aggregation/bulk-update-transactions.ts';
export { connectProviderAccount } from './aggregation/connect-provider-account.ts';
export { deleteProviderAccount } from './aggregation/delete-provider-account.ts';
export { getAccount } from './aggregation/get-account.ts';
export { getProvider } from './aggregation/get-provider.ts';
export { getProviderAccount } from './aggregation/get-provider-account.ts';
export { getTransaction } from './aggregation/get-transaction.ts';
export { getTransactionsSummary } from './aggregation/get-transactions-summary.ts';
export { listAccounts } from './aggregation/list-accounts.ts';
export { listProviderAccounts } from './aggregation/list-provider-accounts.ts';
export { listProviders } from './aggregation/list-providers.ts';
export { listTransactionCategories } from './aggregation/list-transaction-categories.ts';
export { listTransactions } from './aggregation/list-transactions.ts';
export { refreshProviderAccounts } from './aggregation/refresh-provider-accounts.ts';
export { removeTransactionTags } from './aggregation/remove-transaction-tags.ts';
export { updateAccount } from './aggregation/update-account.ts';
export { updateTransaction } from './aggregation/update-transaction.ts';
export {
  ApiError,
  type ApiErrorOptions,
  apiErrorFromBody,
  apiErrorFromResponse,
  clientErrorCodes,
  isApiError,
  retryAtOf,
} from './api-error.ts';
export { type AuditLogPage, listAuditLog } from './audit/list-audit-log.ts';
export { deleteAdviserUser } from './clients/delete-adviser-user.ts';
export { getAdminUser } from './clients/get-admin-user.ts';
export { getAdviserPracticeConsents } from './clients/get-adviser-practice-consents.ts';
export { getAdviserUser } from './clients/get-adviser-user.ts';
export { inviteAdminClient } from './clients/invite-admin-client.ts';
export { inviteAdviserClient } from './clients/invite-adviser-client.ts';
export { listAdminUsers } from './clients/list-admin-users.ts';
export { listAdviserUsers } from './clients/list-adviser-users.ts';
export { refreshAdminClientSummary } from './clients/refresh-admin-client-summary.ts';
export { updateAdminClient } from './clients/update-admin-client.ts';
export { updateAdminUser } from './clients/update-admin-user.ts';
export { updateAdviserUser } from './clients/update-adviser-user.ts';
export { type AppConfigOptions, getAppConfig } from './config/get-app-config.ts';
export { getCdrConfig } from './config/get-cdr-config.ts';
export { updateAppConfig } from './config/update-app-config.ts';
export { getConsent } from './consents/get-consent.ts';
export { grantConsent } from './consents/grant-consent.ts';
export { listConsents } from './consents/list-consents.ts';
export { withdrawConsent } from './consents/withdraw-consent.ts';
export {
  type ApiClient,
  type ApiClientOptions,
  type ApiRequest,
  createApiClient,
  type QueryValue,
} from './create-api-client.ts';
export {
  createDocumentDownloads,
  type DocumentDownloads,
  type DownloadedDocument,
  fileNameOf,
} from './documents/document-downloads.ts';
export {
  getDocumentExport,
  isExportSettled,
  listDocumentExports,
  listFinancialPassportExports,
  requestAccountSummary,
  requestFinancialPassportExport,
  requestInsightsExport,
  requestStatement,
  requestTransactionsExport,
} from './documents/document-exports.ts';
export { createGoal } from './goals/create-goal.ts';
export { deleteGoal } from './goals/delete-goal.ts';
export { listGoals } from './goals/list-goals.ts';
export { deleteAdviserImage } from './images/delete-adviser-image.ts';
export { createImageDownloads, type DownloadedImage, type ImageDownloads } from './images/image-downloads.ts';
export { listAdviserImages } from './images/list-adviser-images.ts';
export { listImages } from './images/list-images.ts';
export { type ImageUpload, type UploadedImage, uploadAdviserImage } from './images/upload-adviser-image.ts';
export { importFile, listFileImports } from './imports/import-file.ts';
export { type CsvPreview, previewCsvImport } from './imports/preview-csv-import.ts';
export { type RefreshTokenRequest, refreshToken } from './oauth/refresh-token.ts';
export {
  type AdminTokenRequest,
  type OAuthToken,
  oauthTokenSchema,
  requestAdminToken,
} from './oauth/request-admin-token.ts';
export { requestToken, type UserTokenRequest } from './oauth/request-token.ts';
export { type RevokeTokenRequest, revokeToken } from './oauth/revoke-token.ts';
export type { CallOptions } from './on-behalf.ts';
export { getBudgetCategoriesReport } from './reports/get-budget-categories-report.ts';
export { getBudgetCategoryReport } from './reports/get-budget-category-report.ts';
export { sdkDefaults } from './sdk-defaults.ts';
export { getUserDetails } from './users/get-user-details.ts';
export { getUserSummary } from './users/get-user-summary.ts';
export { updateUserDetails } from './users/update-user-details.ts';
export type { UserPrefix } from './users/user-prefix.ts';
