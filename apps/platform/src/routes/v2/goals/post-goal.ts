import { createGoalBodySchema, goalResponseSchema, onBehalfHeadersSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { assertAdviserFeature } from '../../../app-config/tenant-features.ts';
import { createGoal } from '../../../goals/goals-repository.ts';
import { conflictResponse, errorResponses } from '../error-responses.ts';

/** `POST api/v2/goals` (spec §7 Goals).` */
export const postGoalRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/goals',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['goals'],
        headers: onBehalfHeadersSchema,
        description:
          'Creates a goal; the amounts and dates it needs depend on its target type. 409 when the client has the most goals one may have (200); 403 with the goals feature off.',
        body: createGoalBodySchema,
        response: { 201: goalResponseSchema, ...errorResponses, ...conflictResponse },
      },
    },
    async (request, reply) => {
      await assertAdviserFeature(request, 'goals', 'Adding a goal');
      const scope = await resolveClientScope(request);
      const goal = await createGoal(app.database.db, scope, request.body);
      return reply.code(201).send({ data: goal });
    },
  );
};
