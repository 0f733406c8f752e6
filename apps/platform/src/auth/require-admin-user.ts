import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { AdminUserPrincipal } from './principal.ts';

/** The signed-in admin user (adviser or operator), or a 401 that starts the portal's session-timeout flow. */
export function requireAdminUser(request: FastifyRequest): AdminUserPrincipal {
  const principal = request.principal;
  if (principal?.kind === 'admin_user') return principal;
  if (principal) throw new AppError('forbidden', 'Only advisers and operators may do this');
  throw new AppError('unauthorised', 'Please sign in to continue');
}

/** A platform operator (spec §3: admins with permission areas); advisers get 403. */
export function requireOperator(request: FastifyRequest): AdminUserPrincipal {
  const principal = requireAdminUser(request);
  if (principal.role === 'operator') return principal;
  throw new AppError('forbidden', 'Only platform operators may do this');
}
