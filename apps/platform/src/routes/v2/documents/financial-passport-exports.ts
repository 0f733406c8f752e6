import {
  documentExportListResponseSchema,
  documentExportParamsSchema,
  documentExportResponseSchema,
  financialPassportExportQuerySchema,
  financialPassportExportRequestSchema,
  onBehalfHeadersSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import {
  generateExportNow,
  listExports,
  readExportFile,
  requestExport,
} from '../../../documents/documents-service.ts';
import { errorResponses } from '../error-responses.ts';
import { documentsDeps, requestContext, sendDocument } from './document-route-helpers.ts';

const file = z.unknown().describe('The PDF, with Content-Type and a Content-Disposition file name');
const tags = ['affordability'];

/** The financial passport as a document (spec §7 Affordability): queued exports, and a direct download. */
export const financialPassportExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/financialpassport/exports',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        description:
          "Queues a financial passport PDF for one of the tenant's passport periods (or custom dates where allowed); answers 202 with the export to follow. `aggregators` is refused by name, as `GET financialpassport` refuses it.",
        body: financialPassportExportRequestSchema,
        response: { 202: documentExportResponseSchema, 429: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      // `aggregators` is refused by the contract (as `GET financialpassport` refuses it): only the
      // period is left.
      const { aggregators: _refused, account_ids, provider_account_ids, ...period } = request.body ?? {};
      const created = await requestExport(
        documentsDeps(app),
        {
          kind: 'financial_passport',
          period,
          accountIds: account_ids,
          providerAccountIds: provider_account_ids,
        },
        requestContext(request, scope),
      );
      return reply.code(202).send({ data: created });
    },
  );

  app.get(
    '/v2/financialpassport/exports',
    {
      config: confirmsCaller,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        description: "The client's financial passport exports, newest first, with their status.",
        response: { 200: documentExportListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return { data: await listExports(app.database.db, scope, 'financial_passport') };
    },
  );

  app.get(
    '/v2/financialpassport/exports/:id',
    {
      config: confirmsCaller,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        params: documentExportParamsSchema,
        description:
          'The PDF of a completed financial passport export (409 while it is not ready or failed).',
        response: { 200: file, 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const found = await readExportFile(documentsDeps(app), scope, request.params.id, 'financial_passport');
      return sendDocument(reply, found.export, found.bytes);
    },
  );

  app.get(
    '/v2/financialpassport/export',
    {
      config: confirmsCaller,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        querystring: financialPassportExportQuerySchema,
        description:
          'Generates the financial passport PDF at once and answers with it; it is recorded among the exports like a queued one. `type` may be `pdf` only (an XLSX passport is refused by name); `aggregators` is refused by name, as `GET financialpassport` refuses it.',
        response: { 200: file, 429: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const {
        type: _pdf,
        aggregators: _refused,
        account_ids,
        provider_account_ids,
        ...period
      } = request.query;
      const generated = await generateExportNow(
        documentsDeps(app),
        {
          kind: 'financial_passport',
          period,
          accountIds: account_ids,
          providerAccountIds: provider_account_ids,
        },
        requestContext(request, scope, 'querystring'),
      );
      return sendDocument(reply, generated.export, generated.bytes);
    },
  );
};
