import * as z from 'zod/mini';
import { databaseIdSchema, maxDatabaseId } from './money.ts';

/** The largest file an import takes, in characters (about 5 MB). */
export const maxImportFileChars = 5_000_000;

const content = z
  .string()
  .check(z.minLength(1, 'must not be empty'), z.maxLength(maxImportFileChars, 'must be at most 5 MB'));
const column = z.string().check(z.minLength(1), z.maxLength(200));

/**
 * How a CSV writes its dates: `DD Mon YY` and `DD Mon YYYY` are NAB's `06 Nov 26` and
 * `06 Nov 2026` (English month abbreviations, any case, `Sept` too; a space or a hyphen between).
 */
export const csvDateFormats = ['DD/MM/YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY', 'DD Mon YY', 'DD Mon YYYY'] as const;
const dateFormat = z.enum(csvDateFormats);

/** Which CSV columns hold what (the column-mapping step); either amount, or debit and credit. */
export const csvMappingSchema = z
  .strictObject({
    date: column,
    description: column,
    amount: z.optional(column),
    debit: z.optional(column),
    credit: z.optional(column),
    date_format: dateFormat,
    /**
     * Whether the file's first row names its columns. Left out, it is detected as the preview
     * detects it (a first row holding a date and an amount is a transaction): columns are then
     * named `Column 1`, `Column 2`, … as the preview names them. `true` or `false` overrides it.
     */
    has_header: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (mapping) =>
        mapping.amount !== undefined || (mapping.debit !== undefined && mapping.credit !== undefined),
      {
        message: 'map either amount, or both debit and credit',
        path: ['amount'],
      },
    ),
    z.refine(
      (mapping) =>
        mapping.amount === undefined || (mapping.debit === undefined && mapping.credit === undefined),
      {
        message: 'map either amount, or debit and credit, not both',
        path: ['amount'],
      },
    ),
  );
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** `POST api/v2/imports/csv/preview`: the file's columns, first rows and a suggested mapping. */
export const csvPreviewBodySchema = z.strictObject({ content });
export const csvPreviewResponseSchema = z.object({
  data: z.object({
    /**
     * Whether the first row names the columns. `false` (CommBank's and ANZ's exports): the first
     * row is a transaction, shown among `rows`, and the columns are `Column 1` … `Column n`.
     */
    has_header: z.boolean(),
    columns: z.array(z.string()),
    rows: z.array(z.record(z.string(), z.string())),
    suggested: z.object({
      date: z.optional(z.string()),
      description: z.optional(z.string()),
      amount: z.optional(z.string()),
      debit: z.optional(z.string()),
      credit: z.optional(z.string()),
      date_format: z.optional(dateFormat),
    }),
  }),
});

/** `POST api/v2/imports`: a CSV (with its mapping) or OFX file's text, into one of the client's accounts. */
export const importFileBodySchema = z.discriminatedUnion('format', [
  z.strictObject({
    format: z.literal('csv'),
    account_id: databaseIdSchema,
    file_name: z.optional(z.string().check(z.maxLength(255))),
    content,
    mapping: csvMappingSchema,
  }),
  z.strictObject({
    format: z.literal('ofx'),
    account_id: databaseIdSchema,
    file_name: z.optional(z.string().check(z.maxLength(255))),
    content,
  }),
]);
export type ImportFileBody = z.infer<typeof importFileBodySchema>;

export const fileImportSchema = z.object({
  id: z.int(),
  account_id: z.int(),
  format: z.enum(['csv', 'ofx']),
  file_name: z.nullable(z.string()),
  rows_read: z.int(),
  /** 0 when the same file (or its transactions) came in before. */
  rows_added: z.int(),
  created_at: z.string(),
});
export type FileImport = z.infer<typeof fileImportSchema>;
export const fileImportResponseSchema = z.object({ data: fileImportSchema });
export const fileImportListResponseSchema = z.object({ data: z.array(fileImportSchema) });
export const fileImportListQuerySchema = z.object({
  account_id: z.optional(
    z.coerce.number().check(z.int(), z.positive(), z.lte(maxDatabaseId, 'is not a valid id')),
  ),
});
