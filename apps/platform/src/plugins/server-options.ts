import type { PlatformConfig } from '../config/env.ts';
import { createTransportErrorHandlers } from '../errors/transport-errors.ts';
import { loggerOptions } from './request-log.ts';

/**
 * The Fastify options of every server the platform runs (the platform, and the identity service on
 * a host of its own): its log; the client's address from a trusted proxy's forwarded headers
 * (TRUST_PROXY; docs/scaling.md); how long a request may take to arrive; and the answers to
 * requests refused before any route sees them (errors/transport-errors.ts).
 *
 * A request, headers and body, must arrive within REQUEST_TIMEOUT_SECONDS (Node's own default of
 * 300 s, which Fastify turns off), so a client that sends a byte a minute no longer holds its
 * connection for ever; the headers within a minute, as Node's default. Node checks the open
 * connections every 30 s, or every quarter of a shorter timeout.
 */
export function serverOptions(config: PlatformConfig) {
  const requestTimeout = config.requestTimeoutSeconds * 1000;
  const headersTimeoutSeconds = Math.min(60, config.requestTimeoutSeconds);
  // Both limits, so that a 408 names the one that applied (2026-12-03).
  const transportErrors = createTransportErrorHandlers({
    production: config.nodeEnv === 'production',
    requestTimeoutSeconds: config.requestTimeoutSeconds,
    headersTimeoutSeconds,
  });
  return {
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    requestTimeout,
    http: {
      headersTimeout: headersTimeoutSeconds * 1000,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, requestTimeout / 4)),
    },
    clientErrorHandler: transportErrors.clientErrorHandler,
    frameworkErrors: transportErrors.frameworkErrors,
  };
}
