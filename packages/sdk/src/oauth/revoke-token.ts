import * as z from 'zod/mini';
import type { ApiClient } from '../create-api-client.ts';

export interface RevokeTokenRequest {
  token: string;
  /** The tenant environment's oauth.clientId. */
  clientId: string;
  /** The tenant environment's oauth.domain. */
  domain: string;
  /** Ends the call when aborted (the portal bounds how long a token call may hold its lock). */
  signal?: AbortSignal;
}

// RFC 7009 §2.2: success is any 200, usually with an empty body.
const revokeResponseSchema = z.unknown();

/** `POST oauth/revoke` (spec §4: on logout the token is revoked with the client id and domain). */
export async function revokeToken(client: ApiClient, request: RevokeTokenRequest): Promise<void> {
  await client.request({
    method: 'POST',
    path: '/oauth/revoke',
    body: {
      token: request.token,
      token_type_hint: 'access_token',
      client_id: request.clientId,
      domain: request.domain,
    },
    ...(request.signal && { signal: request.signal }),
    schema: revokeResponseSchema,
  });
}
