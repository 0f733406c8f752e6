import type { FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { type AdviserRecord, findAdviser } from '../accounts/adviser-account.ts';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { signingAlgorithm } from '../keys/identity-keys.ts';
import { requestLocation } from '../routes/tenant-identity-for.ts';
import { tokenCookies } from './token-cookies.ts';

/**
 * The adviser whose valid access token is in the `app.at` cookie, or undefined: signed by the
 * identity, for the platform API, unexpired, and issued under a session that was not ended since.
 */
export async function adviserFromCookie(
  identity: IdentityService,
  { tenant }: TenantIdentity,
  request: FastifyRequest,
): Promise<AdviserRecord | undefined> {
  const token = request.cookies[tokenCookies.accessToken];
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(await identity.publicJwks()), {
      issuer: identity.issuerFor(requestLocation(request)),
      audience: identity.audience,
      algorithms: [signingAlgorithm],
      typ: 'at+jwt',
    });
    if (!payload.sub) return undefined;
    const sessionUid = typeof payload.sid === 'string' ? payload.sid : undefined;
    return await findAdviser(identity.db, tenant.id, { id: payload.sub, sessionUid });
  } catch {
    return undefined;
  }
}
