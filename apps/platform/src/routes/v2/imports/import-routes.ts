import {
  csvPreviewBodySchema,
  csvPreviewResponseSchema,
  fileImportListQuerySchema,
  fileImportListResponseSchema,
  fileImportResponseSchema,
  importFileBodySchema,
  onBehalfHeadersSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { AppError } from '../../../errors/app-error.ts';
import { importFile, listFileImports } from '../../../imports/import-file.ts';
import { previewCsv } from '../../../imports/parse-csv.ts';
import { ImportFileError } from '../../../imports/parsed-row.ts';
import { errorResponses } from '../error-responses.ts';

/** Files hold more than the API's default body limit allows. */
const bodyLimit = 6 * 1024 * 1024;

/** `api/v2/imports`: file import into an account, CSV (with a column-mapping step) and OFX (docs/open-banking.md). */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/imports/csv/preview',
    {
      bodyLimit,
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['imports'],
        headers: onBehalfHeadersSchema,
        description:
          "The column-mapping step: a CSV's columns, first five rows and a suggested mapping. Stores nothing.",
        body: csvPreviewBodySchema,
        response: { 200: csvPreviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await resolveClientScope(request);
      try {
        const preview = previewCsv(request.body.content);
        const { dateFormat, ...columns } = preview.suggested;
        return {
          data: { ...preview, suggested: { ...columns, ...(dateFormat ? { date_format: dateFormat } : {}) } },
        };
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        throw new AppError('validation_failed', error.message, {
          fields: [{ field: 'body.content', message: error.message }],
        });
      }
    },
  );

  app.post(
    '/v2/imports',
    {
      bodyLimit,
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['imports'],
        headers: onBehalfHeadersSchema,
        description:
          "Imports a CSV (with its column mapping) or OFX file into one of the client's accounts. Rows already on the account are skipped, so the same file twice adds nothing.",
        body: importFileBodySchema,
        response: { 201: fileImportResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      return reply.code(201).send({ data: await importFile(app.database.db, scope, request.body) });
    },
  );

  app.get(
    '/v2/imports',
    {
      config: confirmsCaller,
      schema: {
        tags: ['imports'],
        headers: onBehalfHeadersSchema,
        description: "The client's file imports, newest first.",
        querystring: fileImportListQuerySchema,
        response: { 200: fileImportListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return { data: await listFileImports(app.database.db, scope, request.query.account_id) };
    },
  );
};
