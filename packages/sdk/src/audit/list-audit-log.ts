import { type AuditLogEntry, type auditLogQuerySchema, auditLogResponseSchema } from '@waratah/contracts';
import type * as z from 'zod/mini';
import type { ApiClient, QueryValue } from '../create-api-client.ts';
import { type CallOptions, callHeaders } from '../on-behalf.ts';

/** One page of the audit log, newest first, and the cursor to the older entries when there are more. */
export interface AuditLogPage {
  data: AuditLogEntry[];
  after: string | undefined;
}

/**
 * `GET api/adviser/audit` or `GET api/admin/audit`: the audit log an adviser (its practice's
 * advisers' entries) or an operator (its tenant's) may read. Pass `page.after` as `after` for the next.
 */
export async function listAuditLog(
  client: ApiClient,
  family: '/api/adviser' | '/api/admin',
  query?: z.input<typeof auditLogQuerySchema>,
  options: CallOptions = {},
): Promise<AuditLogPage> {
  const response = await client.request({
    path: `${family}/audit`,
    query: query as Record<string, QueryValue> | undefined,
    schema: auditLogResponseSchema,
    headers: callHeaders(options),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { data: response.data, after: response.paging.cursors.after };
}
