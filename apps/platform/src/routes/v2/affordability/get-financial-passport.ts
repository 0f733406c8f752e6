import {
  financialPassportQuerySchema,
  financialPassportResponseSchema,
  onBehalfHeadersSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptClientAnswer } from '../../../access/client-answer-cache.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { getFinancialPassport } from '../../../affordability/get-financial-passport.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { sydneyToday } from '../../../reports/sydney-calendar.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/financialpassport` (spec §7 Affordability).` */
export const getFinancialPassportRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/financialpassport',
    {
      config: confirmsCaller,
      schema: {
        tags: ['affordability'],
        headers: onBehalfHeadersSchema,
        description:
          'Income by source and regularity, expenses by category, liabilities, savings rate and lending flags, each with the transaction ids it came from. Default range: the past year.',
        querystring: financialPassportQuerySchema,
        response: { 200: financialPassportResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      // The default range ends today (Sydney): a report kept yesterday is not today's.
      return keptClientAnswer(
        request,
        reply,
        scope,
        async () => ({ data: await getFinancialPassport(app.database.db, scope, request.query) }),
        [sydneyToday()],
      );
    },
  );
};
