import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { serverOptions } from './server-options.ts';

const app = { log: { debug: () => {} } } as unknown as FastifyInstance;

/** The 408's message for a socket whose request had (a response) or had not (none) its headers in. */
function timeoutMessage(options: ReturnType<typeof serverOptions>, headersArrived: boolean): string {
  const written: string[] = [];
  const socket = {
    writable: true,
    _httpMessage: headersArrived ? { headersSent: false } : null,
    end: (data: string) => written.push(data),
    destroy: () => {},
  } as unknown as Socket;
  const error = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
  options.clientErrorHandler.call(app, error, socket);
  return JSON.parse((written[0] ?? '').split('\r\n\r\n')[1] ?? '{}').error.error_message;
}

describe('the server options', () => {
  it('give the headers 60 s and the whole request REQUEST_TIMEOUT_SECONDS, and a 408 names the one that passed', () => {
    const options = serverOptions(loadConfig({ LOG_LEVEL: 'silent' }));
    expect(options.requestTimeout).toBe(300_000);
    expect(options.http.headersTimeout).toBe(60_000);
    expect(timeoutMessage(options, false)).toBe("The request's headers did not arrive within 60 seconds.");
    expect(timeoutMessage(options, true)).toBe('The request did not arrive in full within 300 seconds.');
  });

  it('bound the headers by a shorter request timeout, and name that', () => {
    const options = serverOptions(loadConfig({ LOG_LEVEL: 'silent', REQUEST_TIMEOUT_SECONDS: '20' }));
    expect(options.http.headersTimeout).toBe(20_000);
    expect(timeoutMessage(options, false)).toBe("The request's headers did not arrive within 20 seconds.");
    expect(timeoutMessage(options, true)).toBe('The request did not arrive in full within 20 seconds.');
  });
});
