import { idParamsSchema, onBehalfHeadersSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { assertAdviserFeature } from '../../../app-config/tenant-features.ts';
import { deleteGoal } from '../../../goals/goals-repository.ts';
import { errorResponses } from '../error-responses.ts';

/** `DELETE api/v2/goals/{id}` (spec §7 Goals).` */
export const deleteGoalRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/v2/goals/:id',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['goals'],
        headers: onBehalfHeadersSchema,
        description: 'Deletes a goal and its periods.',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await assertAdviserFeature(request, 'goals', 'Deleting a goal');
      const scope = await resolveClientScope(request);
      await deleteGoal(app.database.db, scope, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
