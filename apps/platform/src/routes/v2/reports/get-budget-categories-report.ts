import {
  budgetCategoryReportQuerySchema,
  budgetCategoryReportResponseSchema,
  onBehalfHeadersSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptClientAnswer } from '../../../access/client-answer-cache.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { budgetCategoryReport } from '../../../reports/budget-category-report.ts';
import { sydneyToday } from '../../../reports/sydney-calendar.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/reports/transactions/budget_categories` (spec §7 Reports).` */
export const getBudgetCategoriesReportRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/reports/transactions/budget_categories',
    {
      config: confirmsCaller,
      schema: {
        tags: ['reports'],
        headers: onBehalfHeadersSchema,
        description:
          'Included transactions by Australia/Sydney month and budget category, with the transaction ids of each group.',
        querystring: budgetCategoryReportQuerySchema,
        response: { 200: budgetCategoryReportResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      // The default range ends today (Sydney).
      return keptClientAnswer(
        request,
        reply,
        scope,
        async () => ({ data: await budgetCategoryReport(app.database.db, scope, request.query) }),
        [sydneyToday()],
      );
    },
  );
};
