import type { FastifyInstance } from 'fastify';
import {
  abandonGenerateJob,
  type DocumentsDeps,
  generateDocumentJob,
  runGenerateJob,
} from '../../../documents/documents-service.ts';
import { accountSummaryRoutes } from './account-summary-routes.ts';
import { documentsDeps } from './document-route-helpers.ts';
import { documentRoutes } from './document-routes.ts';
import { financialPassportExportRoutes } from './financial-passport-exports.ts';
import { statementRoutes } from './statement-routes.ts';

/**
 * Every documents route (docs/documents.md), and the worker that generates documents on the job
 * queue; registered in `v2Routes`.
 */
export async function documentsRoutes(app: FastifyInstance): Promise<void> {
  const deps: DocumentsDeps = documentsDeps(app);
  await deps.queue.work<{ exportId: string }>(
    generateDocumentJob,
    (payload, job) => runGenerateJob(deps, payload, job),
    { abandoned: (payload, reason) => abandonGenerateJob(deps, payload, reason) },
  );
  await app.register(financialPassportExportRoutes);
  await app.register(statementRoutes);
  await app.register(accountSummaryRoutes);
  await app.register(documentRoutes);
}
