import type { ApiClient } from '../create-api-client.ts';
import { type AdminTokenRequest, type OAuthToken, oauthTokenSchema } from './request-admin-token.ts';

/** What an end user's sign-in may add: the scope, empty for the whole of the account. */
export interface UserTokenRequest extends AdminTokenRequest {
  /**
   * `'consents'`: a suspended client signs in to see and withdraw their consents, and nothing else
   * (docs/authentication.md). Default empty.
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
