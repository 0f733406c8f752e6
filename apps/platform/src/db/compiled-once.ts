import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './database-schema.ts';

/** Where one of the call's values goes in a statement compiled once. */
class Slot {
  constructor(readonly name: string) {}
}

/** A call's value in the statement, named; its SQL type is the statement's to cast. */
export type SlotOf<Values> = <K extends keyof Values & string>(name: K) => RawBuilder<Values[K]>;

/**
 * A statement whose text never changes, only its values: built and compiled by Kysely on its first
 * call, then sent again with each call's values in their places. Building and compiling the access
 * gate's grouped statement (`access/client-access-batch.ts`) took about a tenth of Node's time
 * under load, for the same text every time.
 *
 * Every value that can change between calls must come through `value`: the statement refuses to
 * compile with any other parameter that is not a plain string, number, boolean or null (a `Date`
 * such as "now" would otherwise be kept from the first call).
 */
export function compiledOnce<Values extends Record<string, unknown>, Row>(
  db: Kysely<Database>,
  build: (value: SlotOf<Values>) => RawBuilder<Row>,
): (values: Values) => Promise<Row[]> {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  const compile = () => {
    const value: SlotOf<Values> = (name) => sql.val(new Slot(name)) as RawBuilder<never>;
    const query = build(value).compile(db);
    for (const parameter of query.parameters) {
      if (parameter instanceof Slot || parameter === null) continue;
      if (!['string', 'number', 'boolean'].includes(typeof parameter))
        throw new Error(
          `A statement compiled once takes every value that changes through value(): found ${String(parameter)}`,
        );
    }
    return { sql: query.sql, parameters: query.parameters };
  };
  return async (values) => {
    compiled ??= compile();
    const parameters = compiled.parameters.map((parameter) =>
      parameter instanceof Slot ? values[parameter.name] : parameter,
    );
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return rows;
  };
}
