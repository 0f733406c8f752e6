import {
  type GrantType,
  oauthErrorBodySchema,
  type TokenRequest,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@waratah/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IssuedTokens } from '../../auth/tokens/token-repository.ts';
import { clientCredentialsGrant } from './grants/client-credentials-grant.ts';
import { passwordGrant } from './grants/password-grant.ts';
import { refreshTokenGrant } from './grants/refresh-token-grant.ts';
import type { TokenAudience } from './grants/token-audience.ts';
import { OAuthError } from './oauth-error.ts';
import {
  clearRefreshTokenCookie,
  refreshTokenCookieName,
  refreshTokenDelivery,
  requirePortalOrigin,
  setRefreshTokenCookie,
} from './refresh-token-cookie.ts';
import { requestedScope } from './requested-scope.ts';
import { requireFields } from './require-fields.ts';
import { resolveOAuthClient } from './resolve-oauth-client.ts';

type Grant = (
  request: FastifyRequest,
  body: TokenRequest,
  audience: TokenAudience,
  reply: FastifyReply,
) => Promise<IssuedTokens>;

const grants: Record<string, Grant> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  client_credentials: clientCredentialsGrant,
};

// The identity service runs the authorization-code flow for single sign-on (DESIGN §1); these
// endpoints issue no codes, so there is none to exchange here.
const authorizationCodeRefusal =
  'authorization_code is not offered by this endpoint: single sign-on tenants sign in through the identity service';

const response = {
  200: tokenResponseSchema,
  400: oauthErrorBodySchema,
  401: oauthErrorBodySchema,
  429: oauthErrorBodySchema,
};

/** `POST oauth/token` (clients) and `POST oauth/admin/token` (admin users), spec §7 OAuth. */
export const postToken: FastifyPluginAsyncZod = async (app) => {
  for (const [path, audience] of [
    ['/oauth/token', 'user'],
    ['/oauth/admin/token', 'admin'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['oauth'],
          description: `Grants: password, refresh_token, client_credentials${audience === 'user' ? ' (admin endpoint only)' : ''}. JSON or application/x-www-form-urlencoded. With refresh_token_delivery=cookie (password and refresh_token grants, from the client's own portal: its Origin), the refresh token is set as an HttpOnly cookie and left out of the answer; a refresh_token grant without refresh_token spends that cookie.`,
          body: tokenRequestSchema,
          response,
        },
      },
      async (request, reply) => {
        const grantType = request.body.grant_type;
        if (!grantType) throw new OAuthError('invalid_request', 'Missing required parameter: grant_type');
        if (grantType === 'authorization_code')
          throw new OAuthError('unsupported_grant_type', authorizationCodeRefusal);
        const grant = grants[grantType];
        if (!grant)
          throw new OAuthError(
            'unsupported_grant_type',
            `Unsupported grant_type '${grantType.slice(0, 50)}'`,
          );
        const scope = requestedScope(request.body.scope, { grantType: grantType as GrantType, audience });
        const body = { ...request.body, scope };
        // The portal's browser asks for its refresh token in a cookie, and refreshes by that cookie.
        const cookieToken =
          grantType === 'refresh_token' && !body.refresh_token
            ? request.cookies[refreshTokenCookieName(request, audience)]
            : undefined;
        const toCookie = refreshTokenDelivery(body) === 'cookie' || cookieToken !== undefined;
        if (toCookie && grantType === 'client_credentials')
          throw new OAuthError(
            'invalid_request',
            'refresh_token_delivery=cookie is for the password and refresh_token grants: client_credentials issues no refresh token',
          );
        if (toCookie) {
          const { client_id } = requireFields(body, ['client_id']);
          requirePortalOrigin(request, resolveOAuthClient(request, client_id, body.domain || undefined));
        }
        let issued: IssuedTokens;
        try {
          issued = await grant(
            request,
            cookieToken ? { ...body, refresh_token: cookieToken } : body,
            audience,
            reply,
          );
        } catch (error) {
          // A spent, expired or revoked cookie is of no more use: the browser forgets it.
          if (cookieToken && error instanceof OAuthError && error.error === 'invalid_grant')
            clearRefreshTokenCookie(request, reply, audience);
          throw error;
        }
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        if (toCookie && issued.refreshToken)
          setRefreshTokenCookie(
            request,
            reply,
            audience,
            issued.refreshToken,
            issued.refreshExpiresIn ?? request.server.authSettings.refreshTokenTtlSeconds,
          );
        return {
          access_token: issued.accessToken,
          token_type: 'Bearer',
          expires_in: issued.expiresIn,
          ...(issued.refreshToken && !toCookie && { refresh_token: issued.refreshToken }),
          ...(issued.scope && { scope: issued.scope }),
          created_at: Math.floor(Date.now() / 1000),
        };
      },
    );
  }
};
