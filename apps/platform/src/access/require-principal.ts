import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminUserPrincipal, Principal } from '../auth/principal.ts';
import { AppError } from '../errors/app-error.ts';

/** The caller, or 401 (which starts the portal's session-timeout flow). */
export function requirePrincipal(request: FastifyRequest): Principal {
  const principal = request.principal ?? null;
  if (!principal) throw new AppError('unauthorised', 'Sign in to use this endpoint');
  return principal;
}

/**
 * An adviser or operator, for the adviser and admin families. A client's own credentials get 404
 * there, as for any path that does not exist for them.
 */
export function requireAdminUser(request: FastifyRequest): AdminUserPrincipal {
  const principal = requirePrincipal(request);
  if (principal.kind !== 'admin_user') throw new AppError('not_found', 'There is no such resource');
  return principal;
}

/**
 * A `preParsing` hook for the routes whose bodies run to megabytes (a file to verify, an import,
 * an image): a caller without credentials is refused (401) before a byte of its body is read, and
 * the connection closed rather than the rest read and dropped. Without it, a body parser buffered
 * up to 50 MB from anyone, for as long as they took to send it, before the handler's 401
 * (before 2026-12-01). The credentials are the `onRequest` hook's (auth/authenticate.ts).
 */
export async function refuseAnonymousBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.principal) return;
  reply.header('connection', 'close');
  requirePrincipal(request);
}
