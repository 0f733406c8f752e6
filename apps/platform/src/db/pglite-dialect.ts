import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { createPgliteStatements } from './pglite-prepared-statements.ts';
import type { PgliteSession } from './pglite-session.ts';

type PgliteQuery = ReturnType<typeof createPgliteStatements>;

/**
 * Kysely over one PGlite session (db/pglite-session.ts), made safe to share. PGlite is a single session, so one
 * request's query must never run inside another request's open transaction: one caller holds the
 * session at a time, as Kysely's SQLite driver does. Our own small driver (rather than a package's)
 * keeps start-up light — the published Kysely-PGlite package loads a code generator and CLI with it.
 */
export function createPgliteDialect(
  session: PgliteSession,
  { preparedStatements = true }: { preparedStatements?: boolean } = {},
): Dialect {
  const query: PgliteQuery = preparedStatements
    ? createPgliteStatements(session)
    : (text, values) => session.query(text, [...values]);
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SerialisedDriver(new PgliteDriver(session, query)),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/** PGlite's one session as a Kysely driver; SerialisedDriver does the sharing. */
class PgliteDriver implements Driver {
  readonly #session: PgliteSession;
  readonly #query: PgliteQuery;

  constructor(session: PgliteSession, query: PgliteQuery) {
    this.#session = session;
    this.#query = query;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.#query);
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.#session.close();
  }
}

/** The longest the shared session passes from caller to caller without letting the event loop turn. */
const EVENT_LOOP_TURN_MS = 5;

class SerialisedDriver implements Driver {
  readonly #inner: Driver;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  #lastTurn = performance.now();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release = () => {};
    this.#queue = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#inner.acquireConnection();
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    if (!release) return;
    // When PGlite runs each query on this thread (the default, PGLITE_WORKER=off), a
    // caller waiting for the session resumes as a microtask: under load the session would pass
    // from query to query without the event loop ever polling sockets, and a connection opened
    // meanwhile waited seconds to be read (8.4 s at 100 connections). Past a few milliseconds of
    // unbroken work, the next caller waits one turn of the event loop, so every socket is heard at
    // least that often. (On its own thread each query's answer arrives as an event anyway.)
    const now = performance.now();
    if (now - this.#lastTurn < EVENT_LOOP_TURN_MS) {
      release();
      return;
    }
    setImmediate(() => {
      this.#lastTurn = performance.now();
      release();
    });
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** PGlite reports `affectedRows`; Kysely reads `numAffectedRows` (a bigint) for inserts, updates, deletes. */
class PgliteConnection implements DatabaseConnection {
  readonly #query: PgliteQuery;

  constructor(query: PgliteQuery) {
    this.#query = query;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#query<R>(query.sql, query.parameters);
    if (result.affectedRows === undefined) return { rows: result.rows };
    return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) };
  }

  // biome-ignore lint/correctness/useYield: PGlite answers whole results; there is nothing to stream.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream results');
  }
}
