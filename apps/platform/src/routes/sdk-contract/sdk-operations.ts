/**
 * The SDK call of an operation: an export of `@waratah/sdk`, or `factory.method` for a method of
 * an object an SDK factory builds (blob calls: `createDocumentDownloads`, `createImageDownloads`).
 * When one function serves several operations (the `{p}` prefixes, an optional path part), `with`
 * is text a contract test's call must contain (before its `;`) to reach this one.
 */
export type SdkCall = string | { sdk: string; with: string };

/**
 * Every operation of the platform's client API (as the OpenAPI document at /api/docs/json lists
 * it: `METHOD /path/{param}`) and the SDK call for it. The coverage test beside this file fails
 * when the document gains an operation missing here, when a name here is not an SDK function, or
 * when no SDK contract test calls it. Keep it sorted by family, then path.
 */
export const sdkOperations: Record<string, SdkCall> = {
  // End user family (api/v2); advisers and operators call it for a client with X-User-Id.
  'GET /api/v2/accounts': 'listAccounts',
  'PUT /api/v2/accounts/{id}': 'updateAccount',
  'GET /api/v2/accounts/{id}': 'getAccount',
  'POST /api/v2/accounts/summary': 'requestAccountSummary',
  'GET /api/v2/accounts/summary/{id}': 'createDocumentDownloads.downloadExport',
  'GET /api/v2/consents': 'listConsents',
  'POST /api/v2/consents': 'grantConsent',
  'GET /api/v2/consents/{id}': 'getConsent',
  'DELETE /api/v2/consents/{id}': 'withdrawConsent',
  'GET /api/v2/documents': 'listDocumentExports',
  'GET /api/v2/documents/{id}': 'getDocumentExport',
  'GET /api/v2/documents/{id}/file': 'createDocumentDownloads.downloadExport',
  'POST /api/v2/documents/insights': 'requestInsightsExport',
  'POST /api/v2/documents/transactions': 'requestTransactionsExport',
  'POST /api/v2/documents/verify': 'createDocumentDownloads.verifyDocument',
  'GET /api/v2/financialpassport': 'getFinancialPassport',
  'GET /api/v2/financialpassport/export': 'createDocumentDownloads.downloadFinancialPassport',
  'GET /api/v2/financialpassport/exports': 'listFinancialPassportExports',
  'POST /api/v2/financialpassport/exports': 'requestFinancialPassportExport',
  'GET /api/v2/financialpassport/exports/{id}': 'createDocumentDownloads.downloadExport',
  'GET /api/v2/goals': 'listGoals',
  'POST /api/v2/goals': 'createGoal',
  'DELETE /api/v2/goals/{id}': 'deleteGoal',
  'GET /api/v2/images': 'listImages',
  'GET /api/v2/imports': 'listFileImports',
  'POST /api/v2/imports': 'importFile',
  'POST /api/v2/imports/csv/preview': 'previewCsvImport',
  'GET /api/v2/provideraccounts': 'listProviderAccounts',
  'POST /api/v2/provideraccounts': 'connectProviderAccount',
  'PUT /api/v2/provideraccounts': 'refreshProviderAccounts',
  'GET /api/v2/provideraccounts/{id}': 'getProviderAccount',
  'DELETE /api/v2/provideraccounts/{id}': 'deleteProviderAccount',
  'GET /api/v2/providers': 'listProviders',
  'GET /api/v2/providers/{id}': 'getProvider',
  'GET /api/v2/reports/transactions/budget_categories': 'getBudgetCategoriesReport',
  'GET /api/v2/reports/transactions/budget_categories/{id}': 'getBudgetCategoryReport',
  'POST /api/v2/statements': 'requestStatement',
  'GET /api/v2/statements/{id}': 'createDocumentDownloads.downloadExport',
  'GET /api/v2/transactions': 'listTransactions',
  'GET /api/v2/transactions/{id}': 'getTransaction',
  'PUT /api/v2/transactions/{id}': 'updateTransaction',
  'PUT /api/v2/transactions/bulk': 'bulkUpdateTransactions',
  'GET /api/v2/transactions/categories': 'listTransactionCategories',
  'GET /api/v2/transactions/summary': 'getTransactionsSummary',
  'POST /api/v2/transactions/tags': 'addTransactionTags',
  'DELETE /api/v2/transactions/tags': 'removeTransactionTags',
  'GET /api/v2/user/details': { sdk: 'getUserDetails', with: "'/api/v2'" },
  'PUT /api/v2/user/details': { sdk: 'updateUserDetails', with: "'/api/v2'" },
  'GET /api/v2/user/summary': { sdk: 'getUserSummary', with: "'/api/v2'" },

  // Config (api/v2, no credentials; the admin change needs an operator).
  'GET /api/v2/config/app/{id}': 'getAppConfig',
  'GET /api/v2/{tenant}/config/app/{id}': { sdk: 'getAppConfig', with: 'tenant:' },
  'GET /api/v2/config/cdr': 'getCdrConfig',
  'GET /api/v2/config/cdr/{id}': { sdk: 'getCdrConfig', with: '.external_id' },
  'PUT /api/admin/config/app/{id}': 'updateAppConfig',

  // Adviser family (api/adviser).
  'GET /api/adviser/brokers/aggregators': 'getBrokersAggregators',
  'GET /api/adviser/client/user/details': { sdk: 'getUserDetails', with: "'/api/adviser/client'" },
  'PUT /api/adviser/client/user/details': { sdk: 'updateUserDetails', with: "'/api/adviser/client'" },
  'GET /api/adviser/client/user/summary': { sdk: 'getUserSummary', with: "'/api/adviser/client'" },
  'GET /api/adviser/images': 'listAdviserImages',
  'DELETE /api/adviser/images/{id}': 'deleteAdviserImage',
  'GET /api/adviser/images/{id}/content': 'createImageDownloads.downloadImage',
  'POST /api/adviser/images/upload': 'uploadAdviserImage',
  'POST /api/adviser/parties/external': 'createExternalParty',
  'GET /api/adviser/parties/external/details': 'getExternalPartyDetails',
  'PUT /api/adviser/parties/external/details': 'updateExternalPartyDetails',
  'GET /api/adviser/parties/external/verify': 'getVerificationStatus',
  'POST /api/adviser/parties/external/verify': 'verifyEmail',
  'POST /api/adviser/user/invite/legacy': 'inviteAdviserClient',
  'GET /api/adviser/users': 'listAdviserUsers',
  'GET /api/adviser/users/consents': 'getAdviserPracticeConsents',
  'GET /api/adviser/audit': { sdk: 'listAuditLog', with: "'/api/adviser'" },
  'GET /api/adviser/users/{id}': 'getAdviserUser',
  'PUT /api/adviser/users/{id}': 'updateAdviserUser',
  'DELETE /api/adviser/users/{id}': 'deleteAdviserUser',

  // Admin family (api/admin).
  'GET /api/admin/audit': { sdk: 'listAuditLog', with: "'/api/admin'" },
  'GET /api/admin/adminusers/details': 'getAdminUserDetails',
  'POST /api/admin/adminusers/invite': 'inviteAdminUser',
  'POST /api/admin/adminusers/register': 'registerAdminUser',
  'POST /api/admin/adminusers/reset': 'resetPassword',
  'POST /api/admin/adminusers/reset/password': 'setPassword',
  'PUT /api/admin/adminusers/{id}/permissions': 'updateAdminUserPermissions',
  'GET /api/admin/brokers/aggregators': 'getAdminBrokersAggregators',
  'POST /api/admin/cdr/parties/external': 'createCdrParty',
  'PUT /api/admin/cdr/parties/external/{id}': 'updatePartyStatus',
  'GET /api/admin/cdr/parties/external/verify': 'listPartiesToVerify',
  'POST /api/admin/cdr/parties/external/verify': 'verifyParty',
  'GET /api/admin/client/user/details': { sdk: 'getUserDetails', with: "'/api/admin/client'" },
  'PUT /api/admin/client/user/details': { sdk: 'updateUserDetails', with: "'/api/admin/client'" },
  'GET /api/admin/client/user/summary': { sdk: 'getUserSummary', with: "'/api/admin/client'" },
  'PUT /api/admin/user': 'updateAdminClient',
  'POST /api/admin/user/invite': 'inviteAdminClient',
  'PUT /api/admin/user/summary/{id}': 'refreshAdminClientSummary',
  'GET /api/admin/users': 'listAdminUsers',
  'GET /api/admin/users/{id}': 'getAdminUser',
  'PUT /api/admin/users/{id}': 'updateAdminUser',

  // OAuth (on the API host).
  'POST /oauth/admin/token': 'requestAdminToken',
  'POST /oauth/revoke': 'revokeToken',
  'POST /oauth/token': 'requestToken',
};

/**
 * Operations the document lists that are not the platform's client API, so no SDK call: by path
 * prefix, with the reason. Anything else must be in `sdkOperations`.
 */
export const outsideTheSdk: { prefix: string; reason: string }[] = [
  { prefix: '/healthz', reason: 'liveness probe for the process supervisor' },
  { prefix: '/readyz', reason: 'readiness probe for the load balancer' },
  { prefix: '/dev/', reason: 'development mailbox, switched off in production' },
  { prefix: '/oauth2/', reason: 'the identity service (OpenID provider) the browser is sent to' },
  { prefix: '/app/', reason: 'the identity service’s sign-in pages and session calls (spec §7 External)' },
  { prefix: '/account/', reason: 'the identity service’s account page' },
  { prefix: '/data-holder/', reason: 'the simulated CDR data holder the platform itself calls' },
];
