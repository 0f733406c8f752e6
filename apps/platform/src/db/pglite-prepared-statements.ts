import { messages, type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import { type ResultField, readRun } from './pglite-run-reader.ts';
import { preparedStatementsPerConnection, StatementCache, statementName } from './statement-cache.ts';

interface Statement {
  name: string;
  /** The parameters' type oids, for PGlite's serialisers. */
  types: number[];
  /** The columns of its RowDescription (none for a write without `returning`), to read each run's rows. */
  fields: ResultField[];
}

/**
 * PGlite's counterpart of `usePreparedStatements` (db/prepared-statements.ts). PGlite plans on the
 * Node thread itself, and its `query()` makes six calls into the engine for every statement (parse,
 * describe, bind, describe, execute, sync). A parameterised statement is parsed and described here
 * once, under a name; each run is then one call (bind, execute, sync) and PostgreSQL may reuse its
 * plan. What `mayPrepare` (db/statement-cache.ts) excludes, texts past `limit` and texts that
 * failed to prepare go through `query()` as before. Callers must not overlap (the dialect's SerialisedDriver sees to it).
 */
export function createPgliteStatements(client: PGlite, limit = preparedStatementsPerConnection) {
  const statements = new StatementCache<Statement>(limit);

  async function prepare(text: string): Promise<Statement | null> {
    const name = statementName(text);
    try {
      const { messages: described } = await client.execProtocol(
        join([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name })]),
      );
      return {
        name,
        types: parse.parseDescribeStatementResults(described),
        fields: described.flatMap((message) =>
          message instanceof messages.RowDescriptionMessage
            ? message.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }))
            : [],
        ),
      };
    } catch {
      // Whatever went wrong, `query()` says it the usual way, now and on every later run.
      await client.execProtocol(protocol.serialize.close({ type: 'S', name })).catch(() => {});
      return null;
    }
  }

  return async function query<R>(text: string, values: readonly unknown[]): Promise<Results<R>> {
    let statement = statements.find(text, values);
    if (statement === undefined) {
      statement = await prepare(text);
      statements.remember(text, statement);
    }
    if (!statement) return client.query<R>(text, [...values]);
    const types = statement.types;
    const serialised = values.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialiser = client.serializers[types[index] ?? 0];
      return serialiser ? serialiser(value) : String(value);
    });
    try {
      // The engine's output as it comes, copied out of its memory and read by `readRun`, not by
      // PGlite's own reader (which `execProtocol` would run on it first).
      const chunks: Uint8Array[] = [];
      await client.execProtocolRawStream(
        join([
          protocol.serialize.bind({ statement: statement.name, values: serialised }),
          protocol.serialize.execute({}),
        ]),
        { syncToFs: true, onRawData: (chunk) => chunks.push(chunk.slice()) },
      );
      return readRun<R>(
        chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks),
        statement.fields,
        client.parsers,
      );
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

function concat(parts: Uint8Array[]): Uint8Array {
  const buffer = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}
