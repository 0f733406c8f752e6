import {
  csvPreviewBodySchema,
  csvPreviewResponseSchema,
  fileImportListQuerySchema,
  fileImportListResponseSchema,
  fileImportResponseSchema,
  importFileBodySchema,
  maxImportFileChars,
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

/**
 * Files hold more than the API's default body limit allows: as much JSON as a file of the most
 * characters the contract takes can be written as, so that its check (400, "must be at most 5
 * MB") is the one that answers, not 413. Three bytes a character: a character outside ASCII is at
 * most three bytes of UTF-8 (one outside the BMP is two characters of four bytes), and `"`, `\`
 * and the line breaks are two bytes escaped; 64 KiB for the other fields. An all-quoted CSV with
 * CRLF line breaks of 4.9 million characters is 6.4 MB of JSON, which the 6 MiB here refused with
 * 413 before 2026-12-03. Not covered: a text written mostly with `\uXXXX` escapes (six bytes a
 * character: Python's `json.dumps` writes all non-ASCII so by default) near the limit.
 */
const bodyLimit = maxImportFileChars * 3 + 64 * 1024;

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
          'The column-mapping step: whether a CSV has a header row, its columns (for a file without one `Column 1` … `Column n`), first five rows and a suggested mapping. Stores nothing.',
        body: csvPreviewBodySchema,
        response: { 200: csvPreviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await resolveClientScope(request);
      try {
        const preview = previewCsv(request.body.content);
        const { hasHeader, suggested } = preview;
        const { dateFormat, ...columns } = suggested;
        return {
          data: {
            has_header: hasHeader,
            columns: preview.columns,
            rows: preview.rows,
            suggested: { ...columns, ...(dateFormat ? { date_format: dateFormat } : {}) },
          },
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
