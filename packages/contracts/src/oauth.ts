import * as z from 'zod/mini';

export const grantTypes = ['password', 'refresh_token', 'authorization_code', 'client_credentials'] as const;
export type GrantType = (typeof grantTypes)[number];

/**
 * `POST oauth/token` and `oauth/admin/token` (spec §7 OAuth), as JSON or a form. Every field is a
 * plain optional string here: which ones a grant needs is checked per grant, so that a missing one
 * is answered as RFC 6749 `invalid_request` naming it, not as a schema error.
 */
export const tokenRequestSchema = z.looseObject({
  grant_type: z.optional(z.string()).check(z.describe(grantTypes.join(' | '))),
  username: z.optional(z.string()),
  password: z.optional(z.string()),
  client_id: z.optional(z.string()).check(z.describe("The tenant environment's oauth.clientId")),
  client_secret: z.optional(z.string()).check(z.describe('client_credentials only (or HTTP Basic)')),
  domain: z.optional(z.string()).check(z.describe("The tenant environment's oauth.domain")),
  scope: z
    .optional(z.string())
    .check(
      z.describe(
        "Empty: tokens carry the whole of the account. 'consents' (a client's password sign-in only): one access token for their consents alone, the one sign-in a suspended client may make. Anything else: invalid_scope",
      ),
    ),
  refresh_token: z.optional(z.string()),
  refresh_token_delivery: z
    .optional(z.string())
    .check(
      z.describe(
        "body (the default) | cookie: the portal's browser keeps its refresh token in an HttpOnly cookie it cannot read",
      ),
    ),
  code: z.optional(z.string()),
  redirect_uri: z.optional(z.string()),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** RFC 6749 §5.1. */
export const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.optional(z.string()),
  expires_in: z.optional(z.number()),
  refresh_token: z.optional(z.string()),
  scope: z.optional(z.string()),
  created_at: z.optional(z.number()),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Where a token answer puts the refresh token (`refresh_token_delivery`); `body` when absent. */
export const refreshTokenDeliveries = ['body', 'cookie'] as const;
export type RefreshTokenDelivery = (typeof refreshTokenDeliveries)[number];

export const tokenTypeHints = ['access_token', 'refresh_token'] as const;

/** `POST oauth/revoke` (RFC 7009). */
export const revokeRequestSchema = z.looseObject({
  token: z.optional(z.string()),
  token_type_hint: z.optional(z.string()).check(z.describe(tokenTypeHints.join(' | '))),
  client_id: z.optional(z.string()),
  domain: z.optional(z.string()),
});
export type RevokeRequest = z.infer<typeof revokeRequestSchema>;

export const oauthErrorCodes = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
] as const;
export type OAuthErrorCode = (typeof oauthErrorCodes)[number];
