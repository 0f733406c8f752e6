import type { RefreshTokenDelivery } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import { type OAuthToken, oauthTokenSchema } from './request-admin-token.ts';

export interface RefreshTokenRequest {
  /**
   * Absent: the browser's HttpOnly refresh token cookie, set by a sign-in that asked for
   * `refreshTokenDelivery: 'cookie'`, is used instead, and the new one comes back as that cookie.
   */
  refreshToken?: string;
  /** The tenant environment's oauth.clientId. */
  clientId: string;
  /** The tenant environment's oauth.domain. */
  domain: string;
  /** Admin users (the portal) refresh at oauth/admin/token, clients at oauth/token. */
  audience?: 'admin' | 'user';
  /** 'cookie': the new refresh token comes back as the HttpOnly cookie (see `requestAdminToken`). */
  refreshTokenDelivery?: RefreshTokenDelivery;
  /** Ends the call when aborted (the portal bounds how long a token call may hold its lock). */
  signal?: AbortSignal;
}

/**
 * The refresh_token grant (spec §7 OAuth). Refresh tokens rotate: keep the new one from the answer;
 * using one twice ends the sign-in.
 */
export function refreshToken(client: ApiClient, request: RefreshTokenRequest): Promise<OAuthToken> {
  return client.request({
    method: 'POST',
    path: request.audience === 'user' ? '/oauth/token' : '/oauth/admin/token',
    body: {
      grant_type: 'refresh_token',
      ...(request.refreshToken !== undefined && { refresh_token: request.refreshToken }),
      ...(request.refreshTokenDelivery && { refresh_token_delivery: request.refreshTokenDelivery }),
      client_id: request.clientId,
      domain: request.domain,
      scope: '',
    },
    ...(request.signal && { signal: request.signal }),
    schema: oauthTokenSchema,
  });
}
