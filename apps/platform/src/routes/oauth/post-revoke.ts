import { oauthErrorBodySchema, type RevokeRequest, revokeRequestSchema } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audienceOf } from './grants/token-audience.ts';
import { OAuthError } from './oauth-error.ts';
import { clearRefreshTokenCookie, isPortalOrigin, refreshTokenCookieName } from './refresh-token-cookie.ts';
import { requireFields } from './require-fields.ts';
import { type OAuthClient, resolveOAuthClient } from './resolve-oauth-client.ts';

/**
 * `POST oauth/revoke` (RFC 7009): ends the sign-in the token belongs to, access and refresh tokens
 * alike (a sign-in it ends is audited, `session.sign_out`). An unknown or already revoked token is
 * answered 200 too, so nothing is learnt from it. Asked by the portal of the `client_id` and
 * `domain` it names (its Origin, docs/authentication.md), it also ends the sign-in of the browser's
 * refresh token cookie, when that is the same person's, and clears the cookie: the portal's
 * sign-out.
 */
export const postRevoke: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/oauth/revoke',
    {
      schema: {
        tags: ['oauth'],
        description:
          "RFC 7009 token revocation; JSON or application/x-www-form-urlencoded. From the portal of the client_id and domain named (its Origin), also ends and clears the browser's refresh token cookie of the same person.",
        body: revokeRequestSchema,
        response: { 200: z.object({}), 400: oauthErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { token } = requireFields(request.body, ['token']);
      const holder = await app.tokens.revoke(token, request.ip);
      // The portal's sign-out: the browser's refresh token cookie of the same person goes too.
      const audience = holder && audienceOf(holder.kind);
      const cookie = audience && request.cookies[refreshTokenCookieName(request, audience)];
      const client = cookie ? portalClient(request, request.body) : undefined;
      if (audience && cookie && client && isPortalOrigin(request, client)) {
        const cookieHolder = cookie === token ? holder : await app.tokens.revoke(cookie, request.ip, holder);
        // A cookie of someone else (or an unknown one) is not this sign-out's to end.
        if (cookieHolder) clearRefreshTokenCookie(request, reply, audience);
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
