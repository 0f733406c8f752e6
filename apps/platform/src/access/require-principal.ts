import type { FastifyRequest } from 'fastify';
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
