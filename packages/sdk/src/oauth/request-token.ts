import type { ApiClient } from '../create-api-client.ts';
import { type AdminTokenRequest, type OAuthToken, oauthTokenSchema } from './request-admin-token.ts';

/** What an end user's sign-in may add: the scope, empty for the whole of the account. */
export interface UserTokenRequest extends AdminTokenRequest {
  /**
   * `'consents'`: a token (and no refresh token) that reaches only the client's consents, to see
   * and withdraw them, and the public config; the one sign-in a suspended client may make
   * (docs/authentication.md). Default empty: the whole account.
   */
  scope?: 'consents';
}

/** `POST oauth/token` with the password grant: the sign-in of end users (clients), spec §7 OAuth. */
export function requestToken(client: ApiClient, request: UserTokenRequest): Promise<OAuthToken> {
  return client.request({
    method: 'POST',
    path: '/oauth/token',
    body: {
      username: request.username,
      password: request.password,
      client_id: request.clientId,
      domain: request.domain,
      grant_type: 'password',
      scope: request.scope ?? '',
      ...(request.refreshTokenDelivery && { refresh_token_delivery: request.refreshTokenDelivery }),
    },
    schema: oauthTokenSchema,
  });
}
