import type { Expression } from 'kysely';

/**
 * A value, or a column of the statement around a query. The access gate checks many requests in
 * one statement, each request a row of its own (`access/client-access-batch.ts`), under the same
 * rules as a single check: the rules take their inputs as operands.
 */
export type Operand<T> = T | Expression<T>;
