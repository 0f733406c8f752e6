import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';

/**
 * kysely-pglite's driver over one PGlite instance, made safe to share. PGlite is a single session
 * and the plain driver hands it to every caller at once, so one request's query could run inside
 * another request's open transaction; here one caller holds the session at a time, as Kysely's
 * SQLite driver does. The adapter and compiler come from our Kysely, not the older copy that
 * kysely-pglite resolves.
 */
export function createPgliteDialect(client: PGlite): Dialect {
  const { dialect } = new KyselyPGlite(client);
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SerialisedDriver(dialect.createDriver() as unknown as Driver),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class SerialisedDriver implements Driver {
  readonly #inner: Driver;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

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
    return new PgliteConnection(await this.#inner.acquireConnection());
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
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
  readonly #inner: DatabaseConnection;

  constructor(inner: DatabaseConnection) {
    this.#inner = inner;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = (await this.#inner.executeQuery<R>(query)) as QueryResult<R> & { affectedRows?: number };
    if (result.affectedRows === undefined) return { rows: result.rows };
    return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) };
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.#inner.streamQuery<R>(query, chunkSize);
  }
}
