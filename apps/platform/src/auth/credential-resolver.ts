import type { FastifyRequest } from 'fastify';
import type { Principal } from './principal.ts';

/**
 * One way credentials can arrive (a bearer token, the SSO cookie). `resolve` answers null when
 * the request carries none of its kind, and throws an AppError when it carries bad ones.
 */
export interface CredentialResolver {
  resolve(request: FastifyRequest): Promise<Principal | null>;
}
