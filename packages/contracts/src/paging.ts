import * as z from 'zod/mini';

/** The largest page any list answers (DESIGN §3). */
export const maxPageSize = 500;

/**
 * The largest page number a list takes: its offset ((page - 1) × size, at most 499,999,500) stays a
 * cursor the lists accept back (nine digits), far from any integer limit; a larger one is a 400.
 */
export const maxPage = 1_000_000;

/** A 1-based page number in a query string, at most `maxPage`. */
export const pageNumberSchema = z.coerce.number().check(z.int(), z.gte(1), z.lte(maxPage));

/** Cursor paging of aggregation lists: `before` or `after` an opaque cursor, `size` at most 500. */
export const cursorQuerySchema = z.object({
  before: z.optional(z.string().check(z.maxLength(200))),
  after: z.optional(z.string().check(z.maxLength(200))),
  size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(maxPageSize)), 100),
});

/**
 * The paging of a list (reference §1): its cursors, and since 2026-12-03 the pages before and after
 * this one as URLs to GET with the same headers: the same path and query with the cursor moved
 * (`page` left out). Each is left out at its end of the list. They are relative to the API's
 * origin (`/api/v2/transactions?…`), never absolute (docs/api.md, "Paging").
 */
export const pagingSchema = z.object({
  cursors: z.object({ before: z.optional(z.string()), after: z.optional(z.string()) }),
  previous: z.optional(z.string()),
  next: z.optional(z.string()),
  total: z.int(),
});
export type Paging = z.infer<typeof pagingSchema>;
