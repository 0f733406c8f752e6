import { type Kysely, sql } from 'kysely';

// A month's total of one account's transactions was `numeric(16, 2)`, while one transaction may
// be up to `numeric(14, 2)`: about a hundred of the largest amounts in one month overflowed it,
// and every write that touched that month (an import, a refresh) failed with a database error.
// `numeric(24, 2)` holds the largest amount times the largest count the `integer` count allows
// (2^31 × 10^12 < 10^22), so no month can overflow. Widening a numeric's precision at the same
// scale does not rewrite the table. Safe to apply again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transaction_month_totals alter column amount_sum type numeric(24, 2)`.execute(db);
}
