import { timingSafeEqual } from 'node:crypto';
import type { TokenRequest } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import type { IssuedTokens } from '../../../auth/tokens/token-repository.ts';
import { hashTokenSecret } from '../../../auth/tokens/token-secret.ts';
import { OAuthError } from '../oauth-error.ts';
import type { TokenAudience } from './token-audience.ts';

/**
 * RFC 6749 §4.4 for operators' service clients (a `service_clients` row; none is seeded). The
 * token acts as the operator the client belongs to; no refresh token, the client asks again.
 */
export async function clientCredentialsGrant(
  request: FastifyRequest,
  body: TokenRequest,
  audience: TokenAudience,
): Promise<IssuedTokens> {
  if (audience !== 'admin') {
    throw new OAuthError('unauthorized_client', 'client_credentials is offered on oauth/admin/token only');
  }
  const { clientId, clientSecret } = clientAuthentication(request, body);
  const db = request.server.database.db;
  const client = await db
    .selectFrom('service_clients')
    .innerJoin('admin_users', 'admin_users.id', 'service_clients.admin_user_id')
    .select([
      'service_clients.client_id',
      'service_clients.secret_hash',
      'service_clients.tenant_id',
      'admin_users.id as admin_user_id',
      'admin_users.kind',
      'admin_users.status',
    ])
    .where('service_clients.client_id', '=', clientId)
    .where('service_clients.revoked_at', 'is', null)
    .executeTakeFirst();
  const presented = Buffer.from(hashTokenSecret(clientSecret));
  const stored = Buffer.from(client?.secret_hash ?? hashTokenSecret(''));
  const secretMatches = timingSafeEqual(presented, stored);
  if (!client || !secretMatches || client.kind !== 'operator' || client.status !== 'active') {
    throw new OAuthError('invalid_client', 'Unknown client or wrong client secret');
  }
  return request.server.tokens.issueForSignIn(
    {
      kind: 'admin_user',
      id: client.admin_user_id,
      tenantId: client.tenant_id as TenantId,
      clientId: client.client_id,
    },
    { withRefreshToken: false },
  );
}

// RFC 6749 §2.3.1: HTTP Basic, or client_id and client_secret in the body.
function clientAuthentication(request: FastifyRequest, body: TokenRequest) {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return {
        clientId: formDecode(decoded.slice(0, colon)),
        clientSecret: formDecode(decoded.slice(colon + 1)),
      };
    }
  }
  if (body.client_id && body.client_secret)
    return { clientId: body.client_id, clientSecret: body.client_secret };
  throw new OAuthError('invalid_client', 'client_credentials needs client_id and client_secret');
}

function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw new OAuthError('invalid_client', 'The Authorization header is not valid HTTP Basic');
  }
}
