import type { FastifyPluginAsync } from 'fastify';
import { getAccountRoute } from './accounts/get-account.ts';
import { getAccountsRoute } from './accounts/get-accounts.ts';
import { putAccountRoute } from './accounts/put-account.ts';
import { getFinancialPassportRoute } from './affordability/get-financial-passport.ts';
import { getCdrConfigRoute } from './config/get-cdr-config.ts';
import { getCdrConfigByIdRoute } from './config/get-cdr-config-by-id.ts';
import { consentRoutes } from './consents/consent-routes.ts';
import { documentsRoutes } from './documents/documents-routes.ts';
import { deleteGoalRoute } from './goals/delete-goal.ts';
import { getGoalsRoute } from './goals/get-goals.ts';
import { postGoalRoute } from './goals/post-goal.ts';
import { getImagesRoute } from './images/get-images.ts';
import { importRoutes } from './imports/import-routes.ts';
import { deleteProviderAccountRoute } from './provider-accounts/delete-provider-account.ts';
import { getProviderAccountRoute } from './provider-accounts/get-provider-account.ts';
import { getProviderAccountsRoute } from './provider-accounts/get-provider-accounts.ts';
import { openBankingRoutes } from './provider-accounts/open-banking-routes.ts';
import { getProviderRoute } from './providers/get-provider.ts';
import { getProvidersRoute } from './providers/get-providers.ts';
import { getBudgetCategoriesReportRoute } from './reports/get-budget-categories-report.ts';
import { getBudgetCategoryReportRoute } from './reports/get-budget-category-report.ts';
import { deleteTransactionTagsRoute } from './transactions/delete-transaction-tags.ts';
import { getTransactionRoute } from './transactions/get-transaction.ts';
import { getTransactionCategoriesRoute } from './transactions/get-transaction-categories.ts';
import { getTransactionsRoute } from './transactions/get-transactions.ts';
import { getTransactionsSummaryRoute } from './transactions/get-transactions-summary.ts';
import { postTransactionTagsRoute } from './transactions/post-transaction-tags.ts';
import { putTransactionRoute } from './transactions/put-transaction.ts';
import { putTransactionsBulkRoute } from './transactions/put-transactions-bulk.ts';
import { getUserDetailsRoute } from './user/get-user-details.ts';
import { getUserSummaryRoute } from './user/get-user-summary.ts';
import { putUserDetailsRoute } from './user/put-user-details.ts';

/** Every end-user route (`/api/v2/…` and the user paths under the client prefixes); registered under `/api`. */
export const v2Routes: FastifyPluginAsync = async (app) => {
  for (const route of [
    getAccountRoute,
    getAccountsRoute,
    putAccountRoute,
    getFinancialPassportRoute,
    getCdrConfigRoute,
    getCdrConfigByIdRoute,
    consentRoutes,
    deleteGoalRoute,
    getGoalsRoute,
    postGoalRoute,
    getImagesRoute,
    importRoutes,
    deleteProviderAccountRoute,
    getProviderAccountRoute,
    getProviderAccountsRoute,
    openBankingRoutes,
    getProviderRoute,
    getProvidersRoute,
    getBudgetCategoriesReportRoute,
    getBudgetCategoryReportRoute,
    deleteTransactionTagsRoute,
    getTransactionRoute,
    getTransactionCategoriesRoute,
    getTransactionsRoute,
    getTransactionsSummaryRoute,
    postTransactionTagsRoute,
    putTransactionRoute,
    putTransactionsBulkRoute,
    getUserDetailsRoute,
    getUserSummaryRoute,
    putUserDetailsRoute,
    documentsRoutes,
  ]) {
    await app.register(route);
  }
};
