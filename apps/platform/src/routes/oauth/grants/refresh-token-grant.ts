import type { TokenRequest } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import type { IssuedTokens } from '../../../auth/tokens/token-repository.ts';
import { OAuthError } from '../oauth-error.ts';
import { requireFields } from '../require-fields.ts';
import { resolveOAuthClient } from '../resolve-oauth-client.ts';
import { subjectKindOf, type TokenAudience } from './token-audience.ts';

/**
 * RFC 6749 §6, rotating: each refresh token works once; a second use ends the whole sign-in,
 * unless it is a retry within the grace of a refresh whose answer was lost (`token-repository.ts`).
 */
export async function refreshTokenGrant(
  request: FastifyRequest,
  body: TokenRequest,
  audience: TokenAudience,
): Promise<IssuedTokens> {
  const fields = requireFields(body, ['refresh_token', 'client_id']);
  const client = resolveOAuthClient(request, fields.client_id, body.domain || undefined);
  const result = await request.server.tokens.rotateRefreshToken(fields.refresh_token, {
    clientId: client.clientId,
    subjectKind: subjectKindOf(audience),
    ip: request.ip,
  });
  if (result.outcome === 'reused') {
    throw new OAuthError('invalid_grant', 'The refresh token was already used; please sign in again');
  }
  if (result.outcome === 'invalid' || result.subject.tenantId !== client.tenant.id) {
    throw new OAuthError('invalid_grant', 'The refresh token is invalid, has expired or was revoked');
  }
  if (!(await subjectIsActive(request, audience, result.subject.id))) {
    await request.server.tokens.revokeFamily(result.familyId);
    throw new OAuthError('invalid_grant', 'This account is suspended');
  }
  return result.tokens;
}

async function subjectIsActive(
  request: FastifyRequest,
  audience: TokenAudience,
  id: number,
): Promise<boolean> {
  const db = request.server.database.db;
  if (audience === 'admin') {
    const user = await db.selectFrom('admin_users').select('status').where('id', '=', id).executeTakeFirst();
    return user?.status === 'active';
  }
  const client = await db.selectFrom('clients').select('status').where('id', '=', id).executeTakeFirst();
  return client !== undefined && client.status !== 'suspended';
}
