import type pg from 'pg';
import { isDatabaseUnavailable, WriteOutcomeUnknown } from '../errors/database-unavailable.ts';

type Query = (...args: unknown[]) => unknown;

/**
 * Tells apart, among the statements that fail because the database stopped answering, those whose
 * change may nonetheless have been made: a `COMMIT`, and a change outside a transaction (which
 * commits on its own), sent and then left unanswered (the statement limit passed, the connection
 * dropped). Those fail with `WriteOutcomeUnknown` (503 `F9991`, no `Retry-After`), so that a caller
 * checks before making the change again rather than making it twice. Any other statement of a
 * transaction that fails leaves nothing behind: PostgreSQL rolls the transaction back when its
 * connection goes, and the answer stays the plain 503 `F9990`, safe to repeat.
 */
export function markUnconfirmedWrites(client: pg.ClientBase): void {
  const query = client.query.bind(client) as Query;
  let inTransaction = false;
  // A COMMIT left unanswered: Kysely then sends ROLLBACK on the same (dead) connection, whose own
  // failure must not hide that the change may have been made.
  let unconfirmedCommit: WriteOutcomeUnknown | undefined;
  const marked: Query = (statement, ...rest) => {
    const text = statementText(statement);
    const kind = text === undefined ? 'other' : kindOf(text);
    const outsideTransaction = !inTransaction;
    // A COMMIT or ROLLBACK ends the transaction whatever its answer (a failed one leaves the
    // connection unusable); a BEGIN opens one only once it is answered.
    if (kind === 'commit' || kind === 'rollback') inTransaction = false;
    const pendingCommit = kind === 'rollback' ? unconfirmedCommit : undefined;
    if (kind !== 'other') unconfirmedCommit = undefined;
    const result = query(statement, ...rest);
    if (kind === 'begin' && result instanceof Promise)
      return result.then((answer) => {
        inTransaction = true;
        return answer;
      });
    const mayChange = kind === 'commit' || (outsideTransaction && kind === 'change');
    if ((!mayChange && !pendingCommit) || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (pendingCommit) throw pendingCommit;
      if (!sentButUnanswered(error)) throw error;
      const unknown = new WriteOutcomeUnknown(error);
      if (kind === 'commit') unconfirmedCommit = unknown;
      throw unknown;
    });
  };
  (client as unknown as { query: Query }).query = marked;
}

type StatementKind = 'begin' | 'commit' | 'rollback' | 'read' | 'change' | 'other';

function statementText(statement: unknown): string | undefined {
  if (typeof statement === 'string') return statement;
  if (typeof statement === 'object' && statement !== null) {
    const text = (statement as { text?: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/** By the statement's first word: Kysely's `begin`/`start transaction`, `commit`, `rollback`, reads and changes. */
function kindOf(text: string): StatementKind {
  const word = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  switch (word) {
    case 'begin':
    case 'start':
      return 'begin';
    case 'commit':
    case 'end':
      return 'commit';
    case 'rollback':
    case 'abort':
      // `rollback to savepoint` stays inside the transaction.
      return /^\s*rollback\s+to\b/i.test(text) ? 'other' : 'rollback';
    case 'release':
    case 'savepoint':
      return 'other';
    case 'select':
    case 'show':
    case 'explain':
      return 'read';
    // `with` may end in a change; `insert`, `update`, `delete`, `merge`, `copy`, DDL: all may change.
    default:
      return word === undefined ? 'other' : 'change';
  }
}

/**
 * Unavailable after the statement went out: a connection that could not take it at all (already
 * ended, `is not queryable`) sent nothing, so nothing can have changed.
 */
function sentButUnanswered(error: unknown): boolean {
  return isDatabaseUnavailable(error) && !(error instanceof Error && /is not queryable/.test(error.message));
}
