import type { FastifyError } from 'fastify';
import { AppError, type FieldError } from './app-error.ts';
import { isDatabaseUnavailable, isWriteOutcomeUnknown } from './database-unavailable.ts';

/**
 * Classifies anything thrown while answering a request. Client mistakes that Fastify (or the file
 * sender) detects keep their message, which is written for the client; anything else becomes
 * internal_error, whose message stays in the log; a database that is down or dropped the
 * connection is 503 unavailable (the client may retry). A status code alone proves nothing: an
 * upstream client library's 404 is our failure, not the caller's.
 */
export function toAppError(error: unknown, request?: { method: string }): AppError {
  if (error instanceof AppError) return error;
  if (isFastifyError(error) && error.validation) return validationError(error);
  const message = error instanceof Error ? error.message : String(error);
  // A change the database may have made is the caller's to check, unless the caller only read
  // (the unconfirmed change was the request's audit row or bookkeeping, not something it asked for).
  if (isWriteOutcomeUnknown(error) && !safeMethods.has(request?.method ?? 'POST'))
    return new AppError('outcome_unknown', message, { cause: error });
  if (isDatabaseUnavailable(error)) return new AppError('unavailable', message, { cause: error });
  // PostgreSQL undid the transaction to end a deadlock or a serialization failure: nothing was
  // written, and the same request sent again may pass (before 2026-11-29, a 500).
  if (hasSqlState(error, undoneConflicts)) {
    return new AppError(
      'unavailable',
      'The request met another change of the same data at the same moment and was undone; please send it again',
      { cause: error },
    );
  }
  const status = clientErrorStatus(error);
  if (status === undefined) return new AppError('internal_error', message, { cause: error });
  if (status === 404) return new AppError('not_found', 'Not found', { cause: error });
  if (status === 413) return new AppError('payload_too_large', message, { cause: error });
  if (status === 415) return new AppError('unsupported_media_type', message, { cause: error });
  return new AppError('malformed_request', message, { cause: error });
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** SQLSTATE 40P01 (deadlock detected) and 40001 (serialization failure). */
const undoneConflicts = new Set(['40P01', '40001']);

/** Whether `error`, or an error it was caused by, carries one of the SQLSTATEs. */
function hasSqlState(error: unknown, states: ReadonlySet<string>): boolean {
  for (let depth = 0, current = error; depth < 5 && current instanceof Error; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && states.has(current.code)) return true;
    current = current.cause;
  }
  return false;
}

function validationError(error: FastifyError): AppError {
  const source = error.validationContext ?? 'request';
  const fields: FieldError[] = (error.validation ?? []).map((issue) => ({
    field: [source, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
    message: issue.message ?? 'is invalid',
  }));
  const summary = fields.map(({ field, message }) => `${field}: ${message}`).join('; ');
  return new AppError('validation_failed', `The request is invalid: ${summary}`, { fields, cause: error });
}

function clientErrorStatus(error: unknown): number | undefined {
  if (!isFastifyError(error) || error.statusCode === undefined) return undefined;
  if (error.statusCode < 400 || error.statusCode >= 500) return undefined;
  const fromFastify = error.code?.startsWith('FST_') === true;
  // `expose` is the http-errors flag for a message meant for the client.
  const exposed = 'expose' in error && error.expose === true;
  return fromFastify || exposed ? error.statusCode : undefined;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'validation' in error);
}
