import type { DocumentExport } from '@waratah/contracts';

/** An export record as the platform answers it; queued unless patched. */
export function buildDocumentExport(patch: Partial<DocumentExport> = {}): DocumentExport {
  const id = patch.id ?? '6f1d2c3b-0a4e-4b5f-9c7d-8e9f0a1b2c3d';
  return {
    id,
    kind: 'statement',
    status: 'queued',
    period: 'week',
    from_date: '2026-11-16',
    to_date: '2026-11-22',
    account_id: 1,
    file_name: 'statement_everyday_2026-11-16_2026-11-22.pdf',
    content_type: 'application/pdf',
    size_bytes: null,
    sha256: null,
    error: null,
    created_at: '2026-11-22T10:00:00.000Z',
    completed_at: null,
    download_path: `/api/v2/statements/${id}`,
    ...patch,
  };
}

/** A file answer: the bytes with their type and the Content-Disposition file name. */
export function fileResponse(body: string, fileName: string, contentType = 'application/pdf'): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'X-Document-SHA256': 'ab'.repeat(32),
    },
  });
}
