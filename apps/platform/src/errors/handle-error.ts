import type { ErrorBody } from '@waratah/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { confirmPrincipal } from '../auth/confirm-principal.ts';
import { RateLimitedError } from '../rate-limit/rate-limited-error.ts';
import type { AppError, ErrorType } from './app-error.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { toAppError } from './to-app-error.ts';

// What a client reads for a 5xx: the real cause is in the log, under the request id quoted here.
const publicServerMessages: Partial<Record<ErrorType, string>> = {
  unavailable: 'The service is not available at the moment; please try again shortly.',
  outcome_unknown:
    'The service stopped answering while your change was being saved, so it may or may not have been saved; please check before making it again.',
};
const defaultServerMessage = 'Something went wrong on our side; please try again.';

/** What a client reads for a 5xx of `type`, naming the request whose log holds the cause. */
export function publicServerMessage(type: ErrorType, requestId: string): string {
  return `${publicServerMessages[type] ?? defaultServerMessage} (request ${requestId})`;
}

/**
 * The `WWW-Authenticate` of an answer refusing the caller (RFC 6750 §3): a token that is dead, one
 * that does not reach the route, or none the API takes (no error named: §3.1). Before 2026-12-02
 * these 401s and the 403 carried none.
 */
const bearerChallenges = {
  invalid_access_token: 'Bearer error="invalid_token"',
  insufficient_scope: 'Bearer error="insufficient_scope"',
  unauthorised: 'Bearer',
} as const satisfies Partial<Record<ErrorType, string>>;

/**
 * The one error handler (STYLE §6): every failure becomes the DESIGN §3 envelope. A caller not yet
 * confirmed (`auth/confirm-principal.ts`) is confirmed first, so a revoked token gets its 401 before
 * whatever its request did wrong, as when the token is looked up before anything else.
 */
export async function handleError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const failure = await unlessCallerRefused(error, request);
  const appError = toAppError(failure, request);
  if (appError.statusCode >= 500) {
    request.log.error({ err: failure }, 'request failed');
  } else {
    request.log.info({ err: failure, errorCode: appError.code }, 'request rejected');
  }
  // A dependency that is down (the database, mid-restart or dropped): worth asking again shortly,
  // unless a change may already have been made, which must be checked before it is sent again.
  if (appError.type === 'unavailable' && !reply.hasHeader('retry-after')) reply.header('retry-after', '1');
  // A limit that is used up says when it frees (sign-in, e-mails).
  if (failure instanceof RateLimitedError) reply.header('retry-after', String(failure.retryAfterSeconds));
  const challenge = bearerChallenges[appError.type as keyof typeof bearerChallenges];
  if (challenge) reply.header('www-authenticate', challenge);
  return reply
    .code(appError.statusCode)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(appError, request.id));
}

/** The error to answer: the caller's refusal if its unconfirmed token turns out gone, else `error`. */
async function unlessCallerRefused(error: unknown, request: FastifyRequest): Promise<unknown> {
  if (!request.unconfirmedPrincipal) return error;
  // Confirming reads the database: when that is what failed, asking it again only doubles the wait
  // (and the last check before sending would ask it once more). A 503 shows nothing of anyone's data.
  if (isDatabaseUnavailable(error)) {
    request.unconfirmedPrincipal = null;
    return error;
  }
  try {
    await confirmPrincipal(request);
    return error;
  } catch (refused) {
    return refused;
  }
}

/** What a client reads for `error`: the DESIGN §3 envelope, a 5xx's cause left in the log under `requestId`. */
export function errorEnvelope(error: AppError, requestId: string): ErrorBody {
  const serverSide = error.statusCode >= 500;
  const message = serverSide ? publicServerMessage(error.type, requestId) : error.message;
  return {
    error: {
      error_code: error.code,
      error_type: error.type,
      error_message: message,
      ...(error.fields && !serverSide && { fields: error.fields }),
    },
  };
}
