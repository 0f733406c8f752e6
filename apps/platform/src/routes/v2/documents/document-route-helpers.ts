import type { DocumentExport } from '@waratah/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientScope } from '../../../access/resolve-client-scope.ts';
import { tenantFeatures } from '../../../app-config/tenant-features.ts';
import { configuredDocumentStore } from '../../../documents/document-store.ts';
import type { DocumentsDeps, RequestContext } from '../../../documents/documents-service.ts';
import { jobQueueOf } from '../../../jobs/register-job-queue.ts';

/** The documents service's collaborators from the app: its database, job queue and the configured file store. */
export function documentsDeps(app: FastifyInstance): DocumentsDeps {
  return {
    db: app.database.db,
    queue: jobQueueOf(app),
    store: configuredDocumentStore(app.config.documentStorage),
    log: app.log,
  };
}

/** Custom date ranges and feature-gated periods follow the tenant's feature keys (spec §3), in the request's environment. */
export function requestContext(
  request: FastifyRequest,
  scope: ClientScope,
  source: RequestContext['source'] = 'body',
): RequestContext {
  return {
    scope,
    source,
    features: () => tenantFeatures(request, scope.tenantId),
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
