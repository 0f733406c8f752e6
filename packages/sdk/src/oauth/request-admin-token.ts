import { type RefreshTokenDelivery, type TokenResponse, tokenResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

// Only access_token is read (spec §7); the rest is RFC 6749 §5.1 and optional here.
export const oauthTokenSchema = tokenResponseSchema;
export type OAuthToken = TokenResponse;

export interface AdminTokenRequest {
  username: string;
  password: string;
  /** The tenant environment's oauth.clientId. */
  clientId: string;
  /** The tenant environment's oauth.domain. */
  domain: string;
  /**
   * 'cookie' (a browser on the tenant's portal): the refresh token is set as an HttpOnly cookie that
   * no script can read, and left out of the answer. Default 'body'.
   */
  refreshTokenDelivery?: RefreshTokenDelivery;
  /** Ends the call when aborted (the portal bounds how long a token call may hold its lock). */
  signal?: AbortSignal;
}

/** `POST oauth/admin/token` with the password grant: the sign-in of the password tenants (spec §7 OAuth). */
export function requestAdminToken(client: ApiClient, request: AdminTokenRequest): Promise<OAuthToken> {
  return client.request({
    method: 'POST',
    path: '/oauth/admin/token',
    body: {
      username: request.username,
      password: request.password,
      client_id: request.clientId,
      domain: request.domain,
      grant_type: 'password',
      scope: '',
      ...(request.refreshTokenDelivery && { refresh_token_delivery: request.refreshTokenDelivery }),
    },
    ...(request.signal && { signal: request.signal }),
    schema: oauthTokenSchema,
  });
}
