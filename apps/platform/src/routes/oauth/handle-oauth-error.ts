import type { OAuthErrorBody } from '@waratah/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicServerMessage } from '../../errors/handle-error.ts';
import { toAppError } from '../../errors/to-app-error.ts';
import { RateLimitedError } from '../../rate-limit/rate-limited-error.ts';
import { OAuthError } from './oauth-error.ts';

/** The error handler of the OAuth endpoints: every failure as RFC 6749 §5.2 says, never cached. */
export function handleOAuthError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = toOAuthError(error, request.id);
  if (status >= 500) request.log.error({ err: error }, 'token request failed');
  else request.log.info({ err: error, oauthError: body.error }, 'token request rejected');
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  // A database that is down: the token request wrote nothing and may be sent again, so the portal
  // is told when, and keeps the adviser signed in through a blip (before 2026-12-03 no
  // `Retry-After`: its refresh was not tried again, and the session ended at the token's expiry).
  // Not a commit never answered (F9991, docs/errors.md): a refresh that did rotate, sent again after
  // a grace set shorter than the wait (`AUTH_REFRESH_RETRY_GRACE_SECONDS` may be 0), would read as
  // a stolen token and end the sign-in.
  if (status === 503 && toAppError(error).type === 'unavailable' && !reply.hasHeader('retry-after'))
    reply.header('retry-after', '1');
  // A client that authenticated with HTTP Basic and failed is told the scheme (RFC 6749 §5.2).
  if (status === 401 && /^Basic\b/i.test(request.headers.authorization ?? ''))
    reply.header('www-authenticate', 'Basic realm="oauth"');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .type('application/json; charset=utf-8')
    .send(body);
}

function toOAuthError(error: unknown, requestId: string): { status: number; body: OAuthErrorBody } {
  if (error instanceof OAuthError) {
    return { status: error.statusCode, body: { error: error.error, error_description: error.message } };
  }
  const appError = toAppError(error);
  // The driver's message (a host and port, a timeout) stays in the log, as for every 5xx.
  if (appError.statusCode === 503) {
    const description = publicServerMessage('unavailable', requestId);
    return { status: 503, body: { error: 'temporarily_unavailable', error_description: description } };
  }
  if (appError.statusCode >= 500) {
    const description = publicServerMessage('internal_error', requestId);
    return { status: 500, body: { error: 'server_error', error_description: description } };
  }
  return {
    status: appError.statusCode,
    body: { error: 'invalid_request', error_description: appError.message },
  };
}
