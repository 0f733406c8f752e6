import {
  accountSummaryRequestSchema,
  documentExportParamsSchema,
  documentExportResponseSchema,
  onBehalfHeadersSchema,
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

/** `POST accounts/summary`, `GET accounts/summary/{id}` (spec §7 Affordability): every account's balance at a date. */
export const accountSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/accounts/summary',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        description:
          "Queues the account-balance summary PDF: every account's balance at the end of as_of_date (default today, Sydney); answers 202.",
        body: accountSummaryRequestSchema,
        response: { 202: documentExportResponseSchema, 429: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const created = await requestExport(
        documentsDeps(app),
        { kind: 'account_summary', asOf: request.body?.as_of_date },
        requestContext(request, scope),
      );
      return reply.code(202).send({ data: created });
    },
  );

  app.get(
    '/v2/accounts/summary/:id',
    {
      config: confirmsCaller,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        params: documentExportParamsSchema,
        description: 'The PDF of a completed account-balance summary (409 while it is not ready or failed).',
        response: {
          200: z.unknown().describe('The summary PDF'),
          409: errorResponses[400],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const found = await readExportFile(documentsDeps(app), scope, request.params.id, 'account_summary');
      return sendDocument(reply, found.export, found.bytes);
    },
  );
};
