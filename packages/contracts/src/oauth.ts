import { z } from 'zod';

export const grantTypes = ['password', 'refresh_token', 'authorization_code', 'client_credentials'] as const;
export type GrantType = (typeof grantTypes)[number];

/**
 * `POST oauth/token` and `oauth/admin/token` (spec §7 OAuth), as JSON or a form. Every field is a
 * plain optional string here: which ones a grant needs is checked per grant, so that a missing one
 * is answered as RFC 6749 `invalid_request` naming it, not as a schema error.
 */
export const tokenRequestSchema = z.looseObject({
  grant_type: z.string().optional().describe(grantTypes.join(' | ')),
  username: z.string().optional(),
  password: z.string().optional(),
  client_id: z.string().optional().describe("The tenant environment's oauth.clientId"),
  client_secret: z.string().optional().describe('client_credentials only (or HTTP Basic)'),
  domain: z.string().optional().describe("The tenant environment's oauth.domain"),
  scope: z.string().optional().describe('Empty: tokens carry the whole of the account'),
  refresh_token: z.string().optional(),
  code: z.string().optional(),
  redirect_uri: z.string().optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** RFC 6749 §5.1. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  created_at: z.number().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const tokenTypeHints = ['access_token', 'refresh_token'] as const;

/** `POST oauth/revoke` (RFC 7009). */
export const revokeRequestSchema = z.looseObject({
  token: z.string().optional(),
  token_type_hint: z.string().optional().describe(tokenTypeHints.join(' | ')),
  client_id: z.string().optional(),
  domain: z.string().optional(),
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
