import { messages, parse, protocol, type Results } from '@electric-sql/pglite';
import { concat } from './pglite-exchange.mjs';
import { type ResultField, readRun } from './pglite-run-reader.ts';
import type { PgliteSession } from './pglite-session.ts';
import { preparedStatementsPerConnection, StatementCache, statementName } from './statement-cache.ts';

interface Statement {
  name: string;
  /** The parameters' type oids, for PGlite's serialisers. */
  types: number[];
  /** The columns of its RowDescription (none for a write without `returning`), to read each run's rows. */
  fields: ResultField[];
}

/**
 * PGlite's counterpart of `usePreparedStatements` (db/prepared-statements.ts). PGlite plans inside
 * the Node process (on its worker thread, or the caller's: db/pglite-session.ts), and its `query()`
 * makes six calls into the engine for every statement (parse, describe, bind, describe, execute,
 * sync). A parameterised statement is parsed and described here once, under a name; each run is
 * then one exchange (bind, execute, sync) and PostgreSQL may reuse its plan. What `mayPrepare`
 * (db/statement-cache.ts) excludes, texts past `limit` and texts that failed to prepare go through
 * `query()` as before. Callers must not overlap (the dialect's SerialisedDriver sees to it).
 */
export function createPgliteStatements(session: PgliteSession, limit = preparedStatementsPerConnection) {
  const statements = new StatementCache<Statement>(limit);

  async function prepare(text: string): Promise<Statement | null> {
    const name = statementName(text);
    const described = read(
      await session.exchange(
        join([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name })]),
      ),
    );
    if (described.some((message) => message instanceof messages.DatabaseError)) {
      // Whatever went wrong, `query()` says it the usual way, now and on every later run.
      await session.exchange(join([protocol.serialize.close({ type: 'S', name })])).catch(() => {});
      return null;
    }
    return {
      name,
      types: parse.parseDescribeStatementResults(described),
      fields: described.flatMap((message) =>
        message instanceof messages.RowDescriptionMessage
          ? message.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }))
          : [],
      ),
    };
  }

  return async function query<R>(text: string, values: readonly unknown[]): Promise<Results<R>> {
    let statement = statements.find(text, values);
    if (statement === undefined) {
      statement = await prepare(text);
      statements.remember(text, statement);
    }
    if (!statement) return session.query<R>(text, [...values]);
    const types = statement.types;
    const serialised = values.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialiser = session.serializers[types[index] ?? 0];
      return serialiser ? serialiser(value) : String(value);
    });
    try {
      // The engine's output read by `readRun`, not by PGlite's own reader.
      const output = await session.exchange(
        join([
          protocol.serialize.bind({ statement: statement.name, values: serialised }),
          protocol.serialize.execute({}),
        ]),
      );
      return readRun<R>(output, statement.fields, session.parsers);
    } catch (error) {
      statements.failed(text, error);
      throw error;
    }
  };
}

/** The messages one after the other and a Sync, as one buffer: one call into the engine. */
function join(parts: Uint8Array[]): Uint8Array {
  return concat([...parts, protocol.serialize.sync()]);
}

/** The messages of the engine's output, as PGlite's parser reads them. */
function read(output: Uint8Array): messages.BackendMessage[] {
  const found: messages.BackendMessage[] = [];
  new protocol.Parser().parse(output, (message) => found.push(message));
  return found;
}
