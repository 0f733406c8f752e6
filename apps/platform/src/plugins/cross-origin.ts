import { apiHeaders } from '@waratah/contracts';
import { portalOriginOfApiHost } from '@waratah/tenants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUnder, pathOf } from '../routing/paths.ts';

/** What a portal on another origin calls: the API families and the token endpoints. */
const crossOriginPrefixes = ['/api', '/oauth'] as const;

/** The methods of the API's routes, for a preflight. */
const allowedMethods = 'GET, POST, PUT, PATCH, DELETE';

/** The request headers the SDK sends beyond the CORS-safelisted ones. */
const allowedRequestHeaders = ['authorization', 'content-type', 'accept', 'accept-language']
  .concat(Object.values(apiHeaders).map((name) => name.toLowerCase()))
  .join(', ');

/** The response headers the SDK reads beyond the CORS-safelisted ones (file names, digests, back-off). */
const exposedResponseHeaders = 'Content-Disposition, Retry-After, X-Document-SHA256';

/** How long a browser may keep a preflight's answer (Chromium keeps at most 2 hours). */
const preflightMaxAgeSeconds = 600;

/**
 * CORS for the hosted API hosts (DESIGN §2: in production the portal is static files on its own
 * host, `hostedDomain`, and calls its environment's `api.hostUrl`). A request whose `Origin` is the
 * portal of the API host it reached is answered with that origin allowed, credentials included (the
 * password tenants' refresh token cookie, docs/authentication.md); a preflight of such a request
 * is answered at once, before the readiness check, so a starting server still says what it allows.
 * Any other origin gets no CORS header at all, so the browser keeps the answer from its page: a
 * local host serves its pages and its API on one origin and needs none. Before the request is
 * authenticated, so a 401 carries the headers too and the portal can read it.
 */
export function registerCrossOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    if (!crossOriginPrefixes.some((prefix) => isUnder(path, prefix))) return;
    // Whether an answer carries the headers depends on the Origin: a shared cache must know.
    reply.header('vary', 'Origin');
    const origin = allowedOrigin(request);
    if (origin === undefined) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    if (isPreflight(request)) return answerPreflight(reply);
    reply.header('access-control-expose-headers', exposedResponseHeaders);
  });
}

function allowedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return undefined;
  const portal = portalOriginOfApiHost(request.host);
  return portal !== undefined && origin.toLowerCase() === portal ? origin : undefined;
}

function isPreflight(request: FastifyRequest): boolean {
  return request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
}

function answerPreflight(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-methods', allowedMethods)
    .header('access-control-allow-headers', allowedRequestHeaders)
    .header('access-control-max-age', String(preflightMaxAgeSeconds))
    .header('cache-control', 'no-store')
    .code(204)
    .send();
}
