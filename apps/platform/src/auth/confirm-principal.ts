import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { callingFrom, type Principal } from './principal.ts';

/**
 * A principal taken from a recent lookup of the request's bearer token, not yet checked against
 * the database for this request. `confirm` looks the token up again (the new principal, or 401).
 * A statement the request runs anyway can make the same check on the way, by `tokenHash`: the
 * token must be live and still name `request.principal`, unchanged (`tokenStillNamesQuery`).
 */
export interface UnconfirmedPrincipal {
  confirm(): Promise<Principal>;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while `principal` comes from a recent lookup and is not yet confirmed (see above). */
    unconfirmedPrincipal: UnconfirmedPrincipal | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's handler confirms a recently seen bearer token in a statement of its own
     * (`readConfirmingCaller`, as the client access check of `resolveClientScope` does)
     * before anything else: only such GET routes may start from a recent lookup.
     */
    confirmsCaller?: boolean;
  }
}

/** The route option of a GET route whose handler starts with `readConfirmingCaller`. */
export const confirmsCaller = { confirmsCaller: true } as const;

/** Whether the authenticate hook may start this request from a recent lookup of its token. */
export function mayStartUnconfirmed(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.routeOptions.config?.confirmsCaller === true
  );
}

/**
 * Looks the request's token up now if its principal is still unconfirmed: afterwards
 * `request.principal` is the token's principal as the database has it, or this throws 401.
 */
export async function confirmPrincipal(request: FastifyRequest): Promise<void> {
  const pending = request.unconfirmedPrincipal;
  if (!pending) return;
  request.unconfirmedPrincipal = null;
  request.principal = null;
  request.principal = callingFrom(await pending.confirm(), request.ip);
}

/**
 * A read whose own statement confirms the caller. `read` gets the hash of the token its statement
 * must find still naming the caller (`tokenStillNamesQuery`), or undefined when the caller is
 * confirmed already, and answers undefined when its conditioned statement returned no row. Then
 * the token is looked up on its own (401 if it is gone, and `request.principal` afresh) and `read`
 * runs once more without a condition, where it must answer or throw (a 404 of its own, say). Routes
 * that read this way declare `confirmsCaller`.
 */
export async function readConfirmingCaller<T>(
  request: FastifyRequest,
  read: (unconfirmedTokenHash: string | undefined) => Promise<T | undefined>,
): Promise<T> {
  const unconfirmed = request.unconfirmedPrincipal;
  if (unconfirmed) {
    const found = await read(unconfirmed.tokenHash);
    if (found !== undefined) {
      request.unconfirmedPrincipal = null;
      return found;
    }
    await confirmPrincipal(request);
  }
  const found = await read(undefined);
  if (found === undefined) throw new Error('a read of a confirmed caller answered nothing');
  return found;
}

/**
 * Nothing leaves unconfirmed. The error handler confirms before it answers (so a revoked token gets
 * 401, not the 400 or 404 its request would otherwise earn); this hook is the last line, for a
 * route that declares `confirmsCaller` but answered without the access statement: it confirms now,
 * and refuses the answer if the token is gone or no longer names the principal it was made for.
 */
export function registerPrincipalConfirmation(app: FastifyInstance): void {
  app.decorateRequest('unconfirmedPrincipal', null);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!request.unconfirmedPrincipal) return payload;
    request.log.warn({ route: request.routeOptions.url }, 'answer made before the caller was confirmed');
    const assumed = request.principal;
    await confirmPrincipal(request);
    if (!samePrincipal(assumed, request.principal))
      throw new AppError(
        'invalid_access_token',
        'The access token no longer names the user this answer was for',
      );
    return payload;
  });
}

function samePrincipal(a: Principal | null, b: Principal | null): boolean {
  if (a === null || b === null || a.tenantId !== b.tenantId || a.via !== b.via) return false;
  if (a.kind === 'client') return b.kind === 'client' && a.clientId === b.clientId;
  return (
    b.kind === 'admin_user' &&
    a.adminUserId === b.adminUserId &&
    a.role === b.role &&
    a.externalPartyId === b.externalPartyId
  );
}
