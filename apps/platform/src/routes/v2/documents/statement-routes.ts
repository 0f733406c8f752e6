import {
  documentExportParamsSchema,
  documentExportResponseSchema,
  onBehalfHeadersSchema,
  statementRequestSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { readExportFile, requestExport } from '../../../documents/documents-service.ts';
import { errorResponses } from '../error-responses.ts';
import { documentsDeps, requestContext, sendDocument } from './document-route-helpers.ts';

const tags = ['affordability'];

/** `POST statements`, `GET statements/{id}` (spec §7 Affordability): one account's statement for a period. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/statements',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        description:
          "Queues an account statement PDF (opening and closing balance, every transaction, running balance) for one of the tenant's statement periods, or custom dates where allowed; answers 202.",
        body: statementRequestSchema,
        response: { 202: documentExportResponseSchema, 429: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const { account_id: accountId, ...period } = request.body;
      const created = await requestExport(
        documentsDeps(app),
        { kind: 'statement', period, accountId },
        requestContext(request, scope),
      );
      return reply.code(202).send({ data: created });
    },
  );

  app.get(
    '/v2/statements/:id',
    {
      config: confirmsCaller,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        params: documentExportParamsSchema,
        description: 'The PDF of a completed statement (409 while it is not ready or failed).',
        response: {
          200: z.unknown().describe('The statement PDF'),
          409: errorResponses[400],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const found = await readExportFile(documentsDeps(app), scope, request.params.id, 'statement');
      return sendDocument(reply, found.export, found.bytes);
    },
  );
};
