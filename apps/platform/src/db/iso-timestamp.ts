import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * A `timestamptz` as the wire writes it, `2026-06-01T08:30:15.123Z` (what `Date#toISOString`
 * gives, milliseconds cut as JavaScript cuts them), made by the database: a list of rows then
 * needs no timestamp parsed into a `Date` and written back out in Node. Null stays null.
 */
export function isoTimestamp(value: Expression<Date | string | null>): RawBuilder<string | null> {
  return sql<string | null>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
