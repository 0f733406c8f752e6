import { createHash } from 'node:crypto';

/** How many statements one connection keeps prepared; past it, new texts run unprepared. */
export const preparedStatementsPerConnection = 256;

// PostgreSQL answers this when a prepared statement's result columns changed under it (a
// migration altered a table it reads); that text then runs unprepared on the connection.
export const changedResultType = 'cached plan must not change result type';

/**
 * A statement whose text starts with this comment is never prepared, so PostgreSQL plans it for
 * its own values each time. For reads whose cost grows with the client (every transaction of a
 * year): planning is then a small part of their time, and one generic plan, estimated for an
 * average client, can be much slower for a client with 100,000 transactions (the financial
 * passport: 270 → 340–385 ms on PGlite, docs/database.md).
 */
export const planEachRun = '/* planned each run */';

// An upsert into a partial unique index names the index's predicate (`on conflict (key) where
// state in ($1, $2)`). PostgreSQL infers the index only when it can prove the predicate, which a
// generic plan with bound values never can: "no unique or exclusion constraint matching the ON
// CONFLICT specification" from the sixth run on. Such texts are never prepared.
const partialIndexUpsert = /\bon conflict\s*\([^)]*\)\s*where\b/i;

/**
 * Whether a statement may be prepared at all: it has parameters (texts without them take the simple
 * protocol, which allows several statements in one text, as migrations do), it is not marked
 * `planEachRun`, and it does not infer a partial index from bound values.
 */
export function mayPrepare(text: string, values: readonly unknown[]): boolean {
  return values.length > 0 && !text.startsWith(planEachRun) && !partialIndexUpsert.test(text);
}

/** The name a statement is prepared under: derived from its text, so equal texts share it. */
export function statementName(text: string): string {
  return `w_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * One connection's prepared statements, by text: the rule both engines share (db/prepared-statements.ts
 * for pg, db/pglite-prepared-statements.ts for PGlite), each keeping only how it prepares and runs.
 * At most `limit` texts are kept, so a query whose text varies (a list of n placeholders) cannot
 * grow the server's memory without bound; a text that cannot be prepared, or whose result type
 * changed, runs unprepared from then on.
 */
export class StatementCache<Statement> {
  readonly #statements = new Map<string, Statement | null>();
  readonly #limit: number;

  constructor(limit = preparedStatementsPerConnection) {
    this.#limit = limit;
  }

  /**
   * The statement prepared for `text`; `null` when it runs unprepared; `undefined` when it should be
   * prepared now (then `remember` what came of it).
   */
  find(text: string, values: readonly unknown[]): Statement | null | undefined {
    if (values.length === 0) return null;
    // A text seen before is answered from the map: the rule's pattern is read once per text.
    const statement = this.#statements.get(text);
    if (statement !== undefined) return statement;
    if (this.#statements.size >= this.#limit) return null;
    if (mayPrepare(text, values)) return undefined;
    this.#statements.set(text, null);
    return null;
  }

  /** What preparing `text` gave: the statement, or `null` to run it unprepared from now on. */
  remember(text: string, statement: Statement | null): void {
    this.#statements.set(text, statement);
  }

  /** A prepared run failed with `error`: after a changed result type the text runs unprepared. */
  failed(text: string, error: unknown): void {
    if (error instanceof Error && error.message.includes(changedResultType)) this.#statements.set(text, null);
  }
}
