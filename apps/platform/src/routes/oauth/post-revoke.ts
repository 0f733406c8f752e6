import { oauthErrorBodySchema, revokeRequestSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestTenancy } from '../../tenancy/request-tenancy.ts';
import type { TokenAudience } from './grants/token-audience.ts';
import { clearRefreshTokenCookie, isPortalOrigin, refreshTokenCookies } from './refresh-token-cookie.ts';
import { requireFields } from './require-fields.ts';

/**
 * `POST oauth/revoke` (RFC 7009): ends the sign-in the token belongs to, access and refresh tokens
 * alike (a sign-in it ends is audited, `session.sign_out`). An unknown or already revoked token is
 * answered 200 too, so nothing is learnt from it. Asked by the tenant's portal, it also ends the
 * sign-in of the browser's refresh token cookie and clears the cookie (the portal's sign-out).
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
      const audiences = (Object.keys(refreshTokenCookies) as TokenAudience[]).filter(
        (audience) => request.cookies[refreshTokenCookies[audience]],
      );
      if (audiences.length > 0 && isPortalOrigin(request, requestTenancy(request).tenant.id)) {
        for (const audience of audiences) {
          const cookie = request.cookies[refreshTokenCookies[audience]];
          if (cookie && cookie !== token) await app.tokens.revoke(cookie, request.ip);
          clearRefreshTokenCookie(request, reply, audience);
        }
      }
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return {};
    },
  );
};
