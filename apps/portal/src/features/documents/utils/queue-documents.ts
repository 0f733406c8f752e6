import type { DocumentExport } from '@waratah/contracts';

/** One document to create: its name in the progress list and the call that queues it. */
export interface DocumentRequest {
  name: string;
  create: () => Promise<DocumentExport>;
}

/** A document the platform queued, under the key its progress row is followed by. */
export interface QueuedDocument extends DocumentRequest {
  key: string;
  initial: DocumentExport;
}

/** A document the platform refused to queue, and why. */
export interface RefusedDocument {
  request: DocumentRequest;
  error: unknown;
}

/**
 * Queues each document on its own: one refused (e.g. an account's 400 among 'All accounts')
 * leaves the others queued, and is listed among the refused to be asked for again alone.
 */
export async function queueDocuments(
  asked: DocumentRequest[],
): Promise<{ created: QueuedDocument[]; refused: RefusedDocument[] }> {
  const settled = await Promise.allSettled(asked.map((request) => request.create()));
  const created: QueuedDocument[] = [];
  const refused: RefusedDocument[] = [];
  settled.forEach((result, index) => {
    const request = asked[index] as DocumentRequest;
    if (result.status === 'fulfilled')
      created.push({ ...request, initial: result.value, key: result.value.id });
    else refused.push({ request, error: result.reason });
  });
  return { created, refused };
}
