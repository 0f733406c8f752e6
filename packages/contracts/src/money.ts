import { z } from 'zod';

/** A decimal amount as a JSON string with two places, never a float: `"-42.50"`. */
export const decimalSchema = z
  .string()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'must be a decimal amount such as "-42.50"');

/** Money on the wire (DESIGN §3): signed decimal string and ISO 4217 currency. */
export const moneySchema = z.object({ amount: decimalSchema, currency: z.string().length(3) });
export type Money = z.infer<typeof moneySchema>;

/** Calendar dates on the wire are YYYY-MM-DD. */
export const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** The largest id the platform's tables hold (PostgreSQL `integer`): a larger one names nothing. */
export const maxDatabaseId = 2_147_483_647;

/** A row id in a body: a positive whole number within the tables' id range. */
export const databaseIdSchema = z.number().int().positive().max(maxDatabaseId, 'is not a valid id');

/** A comma-joined id list in a query string, e.g. `account_ids=1,2,3`. */
export const idListSchema = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of ids')
  .transform((value) => value.split(',').map(Number))
  .pipe(z.array(databaseIdSchema));

export const idParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(maxDatabaseId, 'is not a valid id'),
});
