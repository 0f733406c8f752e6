import {
  apiRequestHeadersSchema,
  documentExportListResponseSchema,
  documentExportParamsSchema,
  documentExportResponseSchema,
  documentExportsQuerySchema,
  documentVerificationResponseSchema,
  insightsExportRequestSchema,
  onBehalfHeadersSchema,
  transactionsExportRequestSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseAnonymousBody, requirePrincipal } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { assertOperatorReads, readableExportKinds } from '../../../auth/operator-areas.ts';
import {
  findExport,
  listExports,
  readExportFile,
  requestExport,
  verifyDocument,
} from '../../../documents/documents-service.ts';
import { AppError } from '../../../errors/app-error.ts';
import { documentedRequestBody } from '../../../plugins/openapi.ts';
import { errorResponses } from '../error-responses.ts';
import { documentsDeps, requestContext, sendDocument } from './document-route-helpers.ts';

const tags = ['documents'];
/** Files the verify endpoint accepts as its body. */
const fileTypes = [
  'application/pdf',
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const maxFileBytes = 50 * 1024 * 1024;

/**
 * The documents beyond spec §7's paths (docs/documents.md): the insights PDF and the transactions
 * spreadsheet, every export of a client with its status (for the portal's progress), any export's
 * file, and the verify endpoint (its own plugin, `documentVerifyRoute`).
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/documents/insights',
    {
      // JSON of at most 1 MB, as every other JSON route; an anonymous caller is refused unread.
      preParsing: refuseAnonymousBody,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        description:
          "Queues the insights PDF (the client's financial overview) for one of the tenant's statement periods, or custom dates where allowed; answers 202.",
        body: insightsExportRequestSchema,
        response: { 202: documentExportResponseSchema, 429: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const created = await requestExport(
        documentsDeps(app),
        { kind: 'insights', period: request.body },
        requestContext(request, scope),
      );
      return reply.code(202).send({ data: created });
    },
  );

  app.post(
    '/v2/documents/transactions',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        description:
          'Queues the transactions spreadsheet (XLSX: one row per transaction and a summary sheet) for a statement period, of all accounts or account_ids; answers 202.',
        body: transactionsExportRequestSchema,
        response: { 202: documentExportResponseSchema, 429: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const { account_ids: accountIds, ...period } = request.body;
      const created = await requestExport(
        documentsDeps(app),
        { kind: 'transactions', period, accountIds },
        requestContext(request, scope),
      );
      return reply.code(202).send({ data: created });
    },
  );

  app.get(
    '/v2/documents',
    {
      config: confirmsCaller,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        querystring: documentExportsQuerySchema,
        description:
          "Every export of the client (or of one kind), newest first, with its status: the portal's progress list.",
        response: { 200: documentExportListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      // An operator sees the kinds whose areas it holds (`readableExportKinds`); naming another is 403.
      if (request.query.kind) await assertOperatorReads(request, request.query.kind);
      const readable = await readableExportKinds(request);
      return { data: await listExports(app.database.db, scope, request.query.kind, readable) };
    },
  );

  app.get(
    '/v2/documents/:id',
    {
      config: confirmsCaller,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        params: documentExportParamsSchema,
        description: 'One export and its status (queued, running, completed, failed with the reason).',
        response: { 200: documentExportResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      const found = await findExport(app.database.db, scope, request.params.id);
      await assertOperatorReads(request, found.kind);
      return { data: found };
    },
  );

  app.get(
    '/v2/documents/:id/file',
    {
      config: confirmsCaller,
      schema: {
        tags,
        headers: onBehalfHeadersSchema,
        params: documentExportParamsSchema,
        description: 'The file of any completed export (409 while it is not ready or failed).',
        response: { 200: z.unknown().describe('The file'), 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      // An operator's export is looked at before its file is read.
      if (request.principal?.kind === 'admin_user' && request.principal.role === 'operator')
        await assertOperatorReads(
          request,
          (await findExport(app.database.db, scope, request.params.id)).kind,
        );
      const found = await readExportFile(documentsDeps(app), scope, request.params.id);
      return sendDocument(reply, found.export, found.bytes);
    },
  );

  await app.register(documentVerifyRoute);
};

/**
 * `POST documents/verify`, with the parsers of its file body (50 MB) in a plugin of their own:
 * before 2026-12-04 they were the plugin's above, so the insights and spreadsheet requests read
 * a PDF or octet-stream body of up to 50 MB too, anonymously (refused only in their handler), and
 * a signed-in one queued a document from it (the body's schema took a Buffer as an empty object).
 * Those routes now take JSON of at most 1 MB, and answer 415 to any other type, unread.
 */
const documentVerifyRoute: FastifyPluginAsyncZod = async (app) => {
  for (const type of fileTypes) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: maxFileBytes }, (_request, body, done) => {
      done(null, body);
    });
  }

  app.post(
    '/v2/documents/verify',
    {
      config: {
        swaggerTransform: documentedRequestBody(fileTypes, {
          description: 'The file itself, at most 50 MB.',
          type: 'string',
          format: 'binary',
        }),
      },
      preParsing: refuseAnonymousBody,
      schema: {
        tags,
        headers: apiRequestHeadersSchema,
        description:
          "Send a file as the body (Content-Type application/pdf, the XLSX type or application/octet-stream): answers whether the platform produced it for the caller's tenant, by its SHA-256, and names the export only to a caller who could open it now.",
        response: { 200: documentVerificationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError('validation_failed', 'body must be the file to verify', {
          fields: [{ field: 'body', message: `must be the file, sent as ${fileTypes.join(', ')}` }],
        });
      }
      return { data: await verifyDocument(app.database.db, principal, body) };
    },
  );
};
