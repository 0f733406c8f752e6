import type { FastifyInstance } from 'fastify';
import { databaseDocumentStore } from '../../../documents/document-store.ts';
import {
  abandonGenerateJob,
  type DocumentsDeps,
  generateDocumentJob,
  runGenerateJob,
} from '../../../documents/documents-service.ts';
import { registerExportFileRemovalWorker } from '../../../documents/export-file-removal.ts';
import { accountSummaryRoutes } from './account-summary-routes.ts';
import { documentsDeps } from './document-route-helpers.ts';
import { documentRoutes } from './document-routes.ts';
import { financialPassportExportRoutes } from './financial-passport-exports.ts';
import { statementRoutes } from './statement-routes.ts';

/**
 * Every documents route (docs/documents.md), and the workers that generate documents and remove
 * deleted exports' files on the job queue; registered in `v2Routes`.
 */
export async function documentsRoutes(app: FastifyInstance): Promise<void> {
  const deps: DocumentsDeps = documentsDeps(app);
  await deps.queue.work<{ exportId: string }>(
    generateDocumentJob,
    (payload, job) => runGenerateJob(deps, payload, job),
    // Slow: a statement of a long history takes seconds of the processor; two at once, as before
    // the queue had four slots, and never the last free one (docs/jobs.md).
    {
      abandoned: (payload, reason) => abandonGenerateJob(deps, payload, reason),
      concurrency: 2,
      slow: true,
    },
  );
  await registerExportFileRemovalWorker(deps.queue, {
    db: deps.db,
    store: deps.store ?? databaseDocumentStore,
  });
  await app.register(financialPassportExportRoutes);
  await app.register(statementRoutes);
  await app.register(accountSummaryRoutes);
  await app.register(documentRoutes);
}
