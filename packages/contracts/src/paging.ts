import { z } from 'zod';

/** The largest page any list answers (DESIGN §3). */
export const maxPageSize = 500;

/** Cursor paging of aggregation lists: `before` or `after` an opaque cursor, `size` at most 500. */
export const cursorQuerySchema = z.object({
  before: z.string().max(200).optional(),
  after: z.string().max(200).optional(),
  size: z.coerce.number().int().min(1).max(maxPageSize).default(100),
});

export const pagingSchema = z.object({
  cursors: z.object({ before: z.string().optional(), after: z.string().optional() }),
  total: z.number().int(),
});
export type Paging = z.infer<typeof pagingSchema>;
