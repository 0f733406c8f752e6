import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { IdentityService } from '../identity-service.ts';
import { tenantIdentityFor } from './tenant-identity-for.ts';

const mountPath = '/oauth2';

/**
 * Hands everything under /oauth2 to the tenant's oidc-provider (a Koa app) untouched: Fastify
 * parses no body here, and the URL is stripped of the mount path the way the library expects
 * when mounted under the issuer's path (it reads the prefix back from `originalUrl`).
 */
export async function serveProvider(app: FastifyInstance, { identity }: { identity: IdentityService }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.all(`${mountPath}/*`, async (request, reply) => {
    const tenantIdentity = await tenantIdentityFor(identity, request, reply);
    if (!tenantIdentity) return reply;
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    // The provider (Koa, told to trust a proxy when the app is) believes the first forwarded value
    // from anyone; Fastify believes only a trusted proxy's, and of a list the hop it added. So it is
    // handed Fastify's answers alone: a caller's forged `X-Forwarded-Host` named its own host in the
    // provider's discovery document and its pages' links (before 2026-12-01).
    raw.headers['x-forwarded-host'] = request.host;
    raw.headers['x-forwarded-proto'] = request.protocol ?? 'http';
    raw.headers['x-forwarded-for'] = request.ip ?? '';
    const url = raw.url ?? mountPath;
    raw.originalUrl = url;
    raw.url = url.slice(mountPath.length) || '/';
    reply.hijack();
    await tenantIdentity.provider.callback()(raw, reply.raw);
    return reply;
  });
}
