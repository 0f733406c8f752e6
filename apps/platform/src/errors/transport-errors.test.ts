import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTransportErrorHandlers, requestTimeoutMessage } from './transport-errors.ts';

/** A socket that records what the handler does to it. */
function recordingSocket(state: { writable?: boolean; headersSent?: boolean } = {}) {
  const written: string[] = [];
  const calls: string[] = [];
  const socket = {
    writable: state.writable ?? true,
    _httpMessage: state.headersSent === undefined ? null : { headersSent: state.headersSent },
    end: (data: string) => {
      written.push(data);
      calls.push('end');
    },
    destroy: () => {
      calls.push('destroy');
    },
  };
  return { socket: socket as unknown as Socket, written, calls };
}

const app = { log: { debug: () => {} } } as unknown as FastifyInstance;

function parserError(code: string, reason?: string): Error {
  return Object.assign(new Error(reason ?? code), { code, reason });
}

describe('the HTTP parser refusals', () => {
  const { clientErrorHandler } = createTransportErrorHandlers({
    production: true,
    requestTimeoutSeconds: 1,
    headersTimeoutSeconds: 1,
  });

  it('are answered in the envelope with the security headers, and the connection ended', () => {
    const { socket, written, calls } = recordingSocket();
    clientErrorHandler.call(app, parserError('HPE_INVALID_HEADER_TOKEN', 'Invalid header token'), socket);
    expect(calls).toEqual(['end']);
    const [head = '', body = ''] = (written[0] ?? '').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain('\r\nconnection: close');
    expect(head).toContain("\r\ncontent-security-policy: default-src 'none'; frame-ancestors 'none'");
    expect(head).toContain('\r\nstrict-transport-security: max-age=');
    expect(head).toContain(`\r\ncontent-length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({
      error: {
        error_code: 'F0020',
        error_type: 'malformed_request',
        error_message: 'The request is not valid HTTP/1.1: Invalid header token.',
      },
    });
  });

  it('say the timeout in words that fit it', () => {
    const { socket, written } = recordingSocket();
    clientErrorHandler.call(app, parserError('ERR_HTTP_REQUEST_TIMEOUT'), socket);
    expect(written[0]).toContain('within 1 second.');
    const longer = createTransportErrorHandlers({
      production: false,
      requestTimeoutSeconds: 300,
      headersTimeoutSeconds: 60,
    });
    const other = recordingSocket({ headersSent: false });
    longer.clientErrorHandler.call(app, parserError('ERR_HTTP_REQUEST_TIMEOUT'), other.socket);
    expect(other.written[0]).toContain('within 300 seconds.');
    // HSTS only in production.
    expect(other.written[0]).not.toContain('strict-transport-security');
  });

  // Node answers both limits with ERR_HTTP_REQUEST_TIMEOUT; the socket has its response once the
  // headers are in. Before 2026-12-03 headers that never arrived were told of the request's 300 s.
  it('name the headers’ limit when the headers did not arrive, and the request’s when its body did not', () => {
    const { clientErrorHandler: handler } = createTransportErrorHandlers({
      production: true,
      requestTimeoutSeconds: 300,
      headersTimeoutSeconds: 60,
    });
    const messageOf = (state: { headersSent?: boolean }) => {
      const { socket, written } = recordingSocket(state);
      handler.call(app, parserError('ERR_HTTP_REQUEST_TIMEOUT'), socket);
      const [, body = ''] = (written[0] ?? '').split('\r\n\r\n');
      return JSON.parse(body).error;
    };
    expect(messageOf({})).toEqual({
      error_code: 'F0025',
      error_type: 'request_timeout',
      error_message: "The request's headers did not arrive within 60 seconds.",
    });
    expect(messageOf({ headersSent: false })).toEqual({
      error_code: 'F0025',
      error_type: 'request_timeout',
      error_message: 'The request did not arrive in full within 300 seconds.',
    });
    expect(requestTimeoutMessage(false, { requestTimeoutSeconds: 1, headersTimeoutSeconds: 1 })).toBe(
      "The request's headers did not arrive within 1 second.",
    );
  });

  it('write nothing to a client that is gone, a socket that cannot take it, or over an answer begun', () => {
    for (const [error, state] of [
      [parserError('ECONNRESET'), {}],
      [parserError('HPE_INVALID_METHOD'), { writable: false }],
      [parserError('ERR_HTTP_REQUEST_TIMEOUT'), { headersSent: true }],
    ] as const) {
      const { socket, written, calls } = recordingSocket(state);
      clientErrorHandler.call(app, error, socket);
      expect(written, String(error.message)).toEqual([]);
      expect(calls).toEqual(['destroy']);
    }
  });
});
