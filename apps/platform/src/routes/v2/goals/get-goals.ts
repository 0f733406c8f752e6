import { goalListResponseSchema, listGoalsQuerySchema, onBehalfHeadersSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { listGoals } from '../../../goals/goals-repository.ts';
import { errorResponses } from '../error-responses.ts';

/** `GET api/v2/goals` (spec §7 Goals).` */
export const getGoalsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/goals',
    {
      config: confirmsCaller,
      schema: {
        tags: ['goals'],
        headers: onBehalfHeadersSchema,
        description:
          'Goals by status, or a group: current, previous, in_progress, ended, all; and by the tracking status of their current period.',
        querystring: listGoalsQuerySchema,
        response: { 200: goalListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return { data: await listGoals(app.database.db, scope, request.query) };
    },
  );
};
