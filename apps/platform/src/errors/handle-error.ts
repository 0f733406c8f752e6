import type { ErrorBody } from '@waratah/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from './app-error.ts';
import { toAppError } from './to-app-error.ts';

// What a client reads for a 5xx: the real cause is in the log, under the request id quoted here.
const publicServerMessages: Record<number, string> = {
  503: 'The service is not available at the moment; please try again shortly.',
};
const defaultServerMessage = 'Something went wrong on our side; please try again.';

/** The one error handler (STYLE §6): every failure becomes the DESIGN §3 envelope. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (appError.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ err: error, errorCode: appError.code }, 'request rejected');
  }
  // A dependency that is down (the database, mid-restart or dropped): worth asking again shortly.
  if (appError.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '1');
  return reply
    .code(appError.statusCode)
    .type('application/json; charset=utf-8')
    .send(envelope(appError, request));
}

function envelope(error: AppError, request: FastifyRequest): ErrorBody {
  const serverSide = error.statusCode >= 500;
  const message = serverSide
    ? `${publicServerMessages[error.statusCode] ?? defaultServerMessage} (request ${request.id})`
    : error.message;
  return {
    error: {
      error_code: error.code,
      error_type: error.type,
      error_message: message,
      ...(error.fields && !serverSide && { fields: error.fields }),
    },
  };
}
