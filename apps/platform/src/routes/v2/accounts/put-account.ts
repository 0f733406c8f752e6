import {
  accountResponseSchema,
  idParamsSchema,
  onBehalfHeadersSchema,
  updateAccountBodySchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { updateAccount } from '../../../aggregation/accounts-repository.ts';
import { errorResponses } from '../error-responses.ts';

/** `PUT api/v2/accounts/{id}`: include, hide or rename an account (spec §7 Aggregation).` */
export const putAccountRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/v2/accounts/:id',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description: 'Changes whether an account counts (included), shows (hidden) and its nick name.',
        params: idParamsSchema,
        body: updateAccountBodySchema,
        response: { 200: accountResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return { data: await updateAccount(app.database.db, scope, request.params.id, request.body) };
    },
  );
};
