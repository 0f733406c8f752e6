import { oauthErrorBodySchema, type RevokeRequest, revokeRequestSchema } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OAuthError } from './oauth-error.ts';
import {
  clearRefreshTokenCookie,
  isPortalOrigin,
  refreshTokenCookieName,
  tokenAudiences,
} from './refresh-token-cookie.ts';
import { requireFields } from './require-fields.ts';
import { type OAuthClient, resolveOAuthClient } from './resolve-oauth-client.ts';

/**
 * `POST oauth/revoke` (RFC 7009): ends the sign-in the token belongs to, access and refresh tokens
 * alike (a sign-in it ends is audited, `session.sign_out`). An unknown or already revoked token is
 * answered 200 too, so nothing is learnt from it. Asked by the portal of the `client_id` and
 * `domain` it names (its Origin, docs/authentication.md), it also ends the sign-in of the browser's
 * refresh token cookie and clears the cookie: the portal's sign-out.
 */
export const postRevoke: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/oauth/revoke',
    {
      schema: {
        tags: ['oauth'],
        description: 'RFC 7009 token revocation; JSON or application/x-www-form-urlencoded.',
        body: revokeRequestSchema,
        response: { 200: z.object({}), 400: oauthErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { token } = requireFields(request.body, ['token']);
      await app.tokens.revoke(token, request.ip);
      const audiences = tokenAudiences.filter(
        (audience) => request.cookies[refreshTokenCookieName(request, audience)],
      );
      const client = audiences.length > 0 ? portalClient(request, request.body) : undefined;
      if (client && isPortalOrigin(request, client)) {
        for (const audience of audiences) {
          const cookie = request.cookies[refreshTokenCookieName(request, audience)];
          if (cookie && cookie !== token) await app.tokens.revoke(cookie, request.ip);
          clearRefreshTokenCookie(request, reply, audience);
        }
      }
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return {};
    },
  );
};

/** The OAuth client a revocation names, when it names a known one; the cookie is left alone otherwise. */
function portalClient(request: FastifyRequest, body: RevokeRequest): OAuthClient | undefined {
  const { client_id: clientId, domain } = body;
  if (!clientId) return undefined;
  try {
    return resolveOAuthClient(request, clientId, domain || undefined);
  } catch (error) {
    if (error instanceof OAuthError) return undefined;
    throw error;
  }
}
