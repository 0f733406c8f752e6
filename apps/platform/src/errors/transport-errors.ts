import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiSecurityHeaders } from '../plugins/security-headers.ts';
import { AppError } from './app-error.ts';
import { errorEnvelope, handleError } from './handle-error.ts';

/** What Node's HTTP parser hands to `clientError`: its code, and llhttp's reason in words. */
type ParserError = Error & { code?: string; reason?: string };

/**
 * Answers to requests refused before any route or hook sees them: bytes Node's HTTP parser cannot
 * read (`clientError`: broken syntax, headers over 16 KB, a request slower than REQUEST_TIMEOUT_SECONDS)
 * and URLs Fastify's router refuses (bad percent-encoding, a path segment over 100 characters).
 * Fastify's own answers to these had another JSON shape and no header at all; these are the DESIGN
 * §3 envelope with the API's security headers and `Cache-Control: no-store`, like every other answer.
 */
export function createTransportErrorHandlers({
  production,
  requestTimeoutSeconds,
  headersTimeoutSeconds,
}: {
  production: boolean;
  /** REQUEST_TIMEOUT_SECONDS: the whole request, headers and body. */
  requestTimeoutSeconds: number;
  /** The headers alone (plugins/server-options.ts: 60 s, or the request's limit when shorter). */
  headersTimeoutSeconds: number;
}) {
  const headers = [...apiSecurityHeaders(production), ['cache-control', 'no-store']] as const;

  /** The parser's refusal as the catalogue's error; undefined when the client is gone. */
  function parserRefusal(error: ParserError, headersArrived: boolean): AppError | undefined {
    if (error.code === 'ECONNRESET') return undefined;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      return new AppError(
        'request_timeout',
        requestTimeoutMessage(headersArrived, { requestTimeoutSeconds, headersTimeoutSeconds }),
      );
    if (error.code === 'HPE_HEADER_OVERFLOW')
      return new AppError(
        'headers_too_large',
        `The request line and headers are larger than the ${maxHeaderSize / 1024} KB the server reads.`,
      );
    const reason = typeof error.reason === 'string' && error.reason !== '' ? `: ${error.reason}` : '';
    return new AppError('malformed_request', `The request is not valid HTTP/1.1${reason}.`);
  }

  return {
    /**
     * Written straight to the socket, which is then closed: after bytes it cannot read, the parser
     * cannot tell where a next request would start. Nothing is written when a response has begun.
     */
    clientErrorHandler(this: FastifyInstance, error: ParserError, socket: Socket): void {
      // Node gives the socket its response once the request's headers are in: none yet, the
      // headers themselves were what did not arrive.
      const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
      const refusal = parserRefusal(error, !!answering);
      if (refusal && socket.writable && !answering?.headersSent) {
        const body = JSON.stringify(errorEnvelope(refusal, 'none'));
        const lines = [
          `HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}`,
          ...headers.map(([name, value]) => `${name}: ${value}`),
          'content-type: application/json; charset=utf-8',
          `content-length: ${Buffer.byteLength(body)}`,
          'connection: close',
        ];
        socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
      } else {
        socket.destroy();
      }
      this.log.debug({ err: error, errorCode: refusal?.code }, 'connection refused by the HTTP parser');
    },

    /** Through the one error handler (its log line and envelope), with the headers no hook added. */
    frameworkErrors(
      error: FastifyError,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<FastifyReply> {
      for (const [name, value] of headers) reply.header(name, value);
      return handleError(routerRefusal(error), request, reply);
    },
  };
}

/**
 * Node answers both of its limits with the same ERR_HTTP_REQUEST_TIMEOUT: the message names the one
 * that applied. Before 2026-12-03 it always named the whole request's (300 s by default), also
 * when the headers had not arrived within their 60 s.
 */
export function requestTimeoutMessage(
  headersArrived: boolean,
  limits: { requestTimeoutSeconds: number; headersTimeoutSeconds: number },
): string {
  if (headersArrived)
    return `The request did not arrive in full within ${seconds(limits.requestTimeoutSeconds)}.`;
  return `The request's headers did not arrive within ${seconds(limits.headersTimeoutSeconds)}.`;
}

function seconds(count: number): string {
  return `${count} second${count === 1 ? '' : 's'}`;
}

function routerRefusal(error: FastifyError): unknown {
  if (error.code === 'FST_ERR_BAD_URL')
    return new AppError('malformed_request', 'The request path is not valid percent-encoding.', {
      cause: error,
    });
  // Fastify's router reads no path parameter over 100 characters (no id is near it): no route matches.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return new AppError('not_found', 'Nothing answers a path with a segment over 100 characters.', {
      cause: error,
    });
  // FST_ERR_ASYNC_CONSTRAINT: no route has an asynchronous constraint, so this is our failure.
  return error;
}
