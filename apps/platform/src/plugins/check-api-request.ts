import { apiHeaders, supportedApiVersions } from '@waratah/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { isUnder, pathOf } from '../routing/paths.ts';

const versionHeader = apiHeaders.apiVersion.toLowerCase();
const docsPrefix = '/api/docs';

/**
 * Runs before every `/api/*` request, matched or not: API answers are never cached (they are per
 * user), an API version we do not speak is refused by name, and until the schema is migrated the
 * data routes answer 503 rather than failing on missing tables. The docs need no database.
 */
export async function checkApiRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const path = pathOf(request.url);
  if (!isUnder(path, '/api')) return;
  reply.header('cache-control', 'no-store');
  assertSupportedVersion(request.headers[versionHeader]);
  if (!request.server.readiness.isReady() && !isUnder(path, docsPrefix)) {
    reply.header('retry-after', '1');
    throw new AppError('unavailable', 'The platform is still starting');
  }
}

function assertSupportedVersion(value: string | string[] | undefined): void {
  if (value === undefined) return;
  if (typeof value === 'string' && (supportedApiVersions as readonly string[]).includes(value)) return;
  const message = `${apiHeaders.apiVersion} ${JSON.stringify(value)} is not supported; use one of ${supportedApiVersions.join(', ')}`;
  throw new AppError('unsupported_api_version', message, {
    fields: [
      { field: `headers.${versionHeader}`, message: `must be one of ${supportedApiVersions.join(', ')}` },
    ],
  });
}
