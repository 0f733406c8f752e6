import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { handleOAuthError } from './handle-oauth-error.ts';
import { OAuthError } from './oauth-error.ts';
import { postRevoke } from './post-revoke.ts';
import { postToken } from './post-token.ts';

/**
 * The token endpoints, in a scope of their own: they read forms as well as JSON (RFC 6749 §4.3.2)
 * and answer RFC 6749 errors rather than the F-code envelope.
 */
export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyFormbody);
  app.setErrorHandler(handleOAuthError);
  app.addHook('onRequest', async (_request, reply) => {
    if (app.readiness.isReady()) return;
    reply.header('retry-after', '1');
    throw new OAuthError('temporarily_unavailable', 'The platform is still starting', 503);
  });
  await app.register(postToken);
  await app.register(postRevoke);
}
