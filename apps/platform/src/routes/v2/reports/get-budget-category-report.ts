import {
  budgetCategories,
  budgetCategoryReportParamsSchema,
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

/** `GET api/v2/reports/transactions/budget_categories/{id}` (spec §7 Reports).` */
export const getBudgetCategoryReportRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/reports/transactions/budget_categories/:id',
    {
      config: confirmsCaller,
      schema: {
        tags: ['reports'],
        headers: onBehalfHeadersSchema,
        description:
          'One budget category (0 income, 1 living, 2 lifestyle, 3 goals, 4 one_off) per period (the `period` query: daily to annually, months and financial years in Australia/Sydney).',
        params: budgetCategoryReportParamsSchema,
        querystring: budgetCategoryReportQuerySchema,
        response: { 200: budgetCategoryReportResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const budgetCategory = budgetCategories[request.params.id] ?? 'income';
      // The default range ends today (Sydney).
      return keptClientAnswer(
        request,
        reply,
        scope,
        async () => ({
          data: await budgetCategoryReport(app.database.db, scope, { ...request.query, budgetCategory }),
        }),
        [sydneyToday()],
      );
    },
  );
};
