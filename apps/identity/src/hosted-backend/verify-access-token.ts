import type { FastifyRequest } from 'fastify';
import { createLocalJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { type AdviserRecord, findAdviser } from '../accounts/adviser-account.ts';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { signingAlgorithm } from '../keys/identity-keys.ts';
import { requestLocation } from '../routes/tenant-identity-for.ts';
import { tokenCookies } from './token-cookies.ts';

/**
 * The adviser whose valid access token is in the `app.at` cookie, or undefined: signed by the
 * identity, for the platform API, unexpired, and issued under a session that was not ended since.
 * A database that fails to answer rejects (a server error), rather than reading as no adviser.
 */
export async function adviserFromCookie(
  identity: IdentityService,
  { tenant }: TenantIdentity,
  request: FastifyRequest,
): Promise<AdviserRecord | undefined> {
  const token = request.cookies[tokenCookies.accessToken];
  if (!token) return undefined;
  const keys = createLocalJWKSet(await identity.publicJwks());
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      issuer: identity.issuerFor(requestLocation(request)),
      audience: identity.audience,
      algorithms: [signingAlgorithm],
      typ: 'at+jwt',
    }));
  } catch (error) {
    // Only the token's own fault is no token. The database failing (the keys, the adviser) is not:
    // before 2026-12-03 it answered 401, which the portal takes for a sign-out.
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
  if (!payload.sub) return undefined;
  const sessionUid = typeof payload.sid === 'string' ? payload.sid : undefined;
  return findAdviser(identity.db, tenant.id, { id: payload.sub, sessionUid });
}
