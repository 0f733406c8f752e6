import * as z from 'zod/mini';
import { datePattern, isCalendarDate } from './calendar-date.ts';

/** A decimal amount as a JSON string with two places, never a float: `"-42.50"`. */
export const decimalSchema = z
  .string()
  .check(z.regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount such as "-42.50"'));

/**
 * A sum of amounts (a summary's total, a report's figure), never a request's input: one amount has
 * up to 12 whole digits, so a sum of them may have more (up to 22: 2^31 rows of the largest one).
 * Before 2026-11-29 sums used `decimalSchema`, and a sum past 12 digits failed the answer (a 500).
 */
export const decimalTotalSchema = z
  .string()
  .check(z.regex(/^-?\d{1,22}(\.\d{1,2})?$/, 'must be a decimal amount such as "-42.50"'));

/** Money on the wire (DESIGN §3): signed decimal string and ISO 4217 currency. */
export const moneySchema = z.object({ amount: decimalSchema, currency: z.string().check(z.length(3)) });
export type Money = z.infer<typeof moneySchema>;

/**
 * Calendar dates on the wire are YYYY-MM-DD, and name a day that exists: `2026-02-30` or
 * `2026-13-01` are refused here, not by the database (a 500) or by date arithmetic further on.
 */
export const dateSchema = z.string().check(
  z.regex(datePattern, 'must be a date YYYY-MM-DD'),
  z.refine(
    (value: string) => !datePattern.test(value) || isCalendarDate(value),
    'must be a real calendar date',
  ),
);

/** The largest id the platform's tables hold (PostgreSQL `integer`): a larger one names nothing. */
export const maxDatabaseId = 2_147_483_647;

/** A row id in a body: a positive whole number within the tables' id range. */
export const databaseIdSchema = z.int().check(z.positive(), z.maximum(maxDatabaseId, 'is not a valid id'));

/**
 * Row ids in a body: one to 500. A client has a few dozen accounts at most, and a list of 100,000
 * ids (1 MiB of body) passed the ownership check and then broke PostgreSQL's limit of 65,535
 * parameters (a 500).
 */
export const databaseIdArraySchema = z.array(databaseIdSchema).check(z.minLength(1), z.maxLength(500));

/** A comma-joined id list in a query string, e.g. `account_ids=1,2,3`. */
export const idListSchema = z.pipe(
  z.pipe(
    z.string().check(z.regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of ids')),
    z.transform((value: string) => value.split(',').map(Number)),
  ),
  z.array(databaseIdSchema),
);

export const idParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(maxDatabaseId, 'is not a valid id')),
});
