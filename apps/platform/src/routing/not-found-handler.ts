import { extname } from 'node:path/posix';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { sendPortalIndex } from '../portal/send-portal-index.ts';
import { isUnder, pathOf } from './paths.ts';

// Answered with the JSON error envelope: API clients parse whatever comes back.
const apiPrefixes = ['/api', '/oauth'];
// Served by the server itself (or the identity provider), never by the portal's router.
const serverPrefixes = [
  ...apiPrefixes,
  '/oauth2',
  '/app',
  '/account',
  '/healthz',
  '/readyz',
  '/dev',
  '/data-holder',
];

/**
 * Whatever no route and no portal file answers: API paths get the JSON 404 envelope, a page
 * navigation (GET or HEAD, no file extension) gets the portal's index.html so that its router
 * shows the page, and anything else a plain 404.
 */
export function createNotFoundHandler(portalDist: string) {
  return async function notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = pathOf(request.url);
    if (apiPrefixes.some((prefix) => isUnder(path, prefix))) {
      throw new AppError('not_found', `Nothing answers ${request.method} ${path.slice(0, 200)}`);
    }
    if (isPortalNavigation(request.method, path)) return sendPortalIndex(reply, portalDist);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
  };
}

function isPortalNavigation(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (serverPrefixes.some((prefix) => isUnder(path, prefix))) return false;
  return extname(path) === '';
}
