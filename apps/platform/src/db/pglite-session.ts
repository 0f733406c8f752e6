import type { PGlite, Results } from '@electric-sql/pglite';
import { exchange } from './pglite-exchange.mjs';

/**
 * One PGlite session as the platform's driver uses it: the engine in this thread (`inThisThread`,
 * the tests' in-memory databases) or on a thread of its own (`openPgliteWorker`, the server's
 * embedded database). Callers must not overlap; the dialect's SerialisedDriver sees to it.
 */
export interface PgliteSession {
  /** Each type's parser, by oid, as PGlite's `query()` reads values. */
  readonly parsers: PGlite['parsers'];
  /** Each type's serialiser, by oid, as PGlite's `query()` writes parameters. */
  readonly serializers: PGlite['serializers'];
  /** Runs protocol messages (the last a Sync) and gives the engine's output as it came. */
  exchange(messages: Uint8Array): Promise<Uint8Array>;
  /** PGlite's own `query()`: parse, describe, bind, execute, its own reader. */
  query<R>(text: string, values: unknown[]): Promise<Results<R>>;
  close(): Promise<void>;
}

/** The engine on the caller's thread: every statement runs on it, between the caller's own work. */
export function inThisThread(client: PGlite): PgliteSession {
  return {
    parsers: client.parsers,
    serializers: client.serializers,
    exchange: (messages) => exchange(client, messages),
    query: (text, values) => client.query(text, values),
    close: () => client.close(),
  };
}
