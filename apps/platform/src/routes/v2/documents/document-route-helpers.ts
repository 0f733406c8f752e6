import { adviserWebPortalPlatformKey, type DocumentExport, type FeatureKey } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientScope } from '../../../access/resolve-client-scope.ts';
import { configuredDocumentStore } from '../../../documents/document-store.ts';
import type { DocumentsDeps, RequestContext } from '../../../documents/documents-service.ts';
import { jobQueueOf } from '../../../jobs/register-job-queue.ts';
import { requestTenancy } from '../../../tenancy/request-tenancy.ts';

/** The documents service's collaborators from the app: its database, job queue and the configured file store. */
export function documentsDeps(app: FastifyInstance): DocumentsDeps {
  return {
    db: app.database.db,
    queue: jobQueueOf(app),
    store: configuredDocumentStore(app.config.documentStorage),
  };
}

/** Custom date ranges and feature-gated periods follow the tenant's feature keys (spec §3), in the request's environment. */
export function requestContext(
  app: FastifyInstance,
  request: FastifyRequest,
  scope: ClientScope,
  source: RequestContext['source'] = 'body',
): RequestContext {
  return {
    scope,
    source,
    features: async () => {
      const { environment } = requestTenancy(request);
      const config = await app.appConfigs.findAppConfig({
        tenantId: scope.tenantId as TenantId,
        environment,
        platformKey: adviserWebPortalPlatformKey,
      });
      const features = config?.platforms[0]?.features ?? [];
      return new Set(
        features.filter((feature) => feature.enabled).map((feature) => feature.key as FeatureKey),
      );
    },
  };
}

/** The file with its type, a download file name and its SHA-256. */
export function sendDocument(reply: FastifyReply, document: DocumentExport, bytes: Buffer) {
  const asciiName = document.file_name.replace(/[^\w.-]/g, '_');
  return reply
    .type(document.content_type)
    .header('content-disposition', `attachment; filename="${asciiName}"`)
    .header('x-document-sha256', document.sha256 ?? '')
    .send(bytes);
}
