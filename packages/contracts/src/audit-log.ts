import * as z from 'zod/mini';
import { maxDatabaseId } from './money.ts';

/**
 * `GET api/adviser/audit` and `GET api/admin/audit`: the audit log (DESIGN §3), newest first. An
 * adviser reads what its practice's advisers did, an operator what anyone in its tenant did.
 */
export const auditLogQuerySchema = z.object({
  size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
  /**
   * The `paging.cursors.after` of the page before: the entries older than it. The log's ids are
   * 64-bit (migration 0026); the API answers them as JSON numbers, so a cursor is at most 2⁵³ − 1.
   */
  after: z.optional(
    z.string().check(
      z.regex(/^[1-9][0-9]{0,15}$/, 'after is the cursor of an earlier page'),
      z.refine((cursor) => Number.isSafeInteger(Number(cursor)), 'after is the cursor of an earlier page'),
    ),
  ),
  /** Only the entries about this client. */
  client_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(maxDatabaseId))),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.int(),
  /** When, ISO 8601 in UTC. */
  at: z.string(),
  /**
   * Who: an admin user (adviser or operator), a client acting on its own data, or the platform
   * itself (`system`, actor id 0: a consent's expiry and the deletion of the data it covered).
   */
  actor_kind: z.enum(['admin_user', 'client', 'system']),
  actor_id: z.int(),
  /** The admin user's e-mail; null for a client. */
  actor_email: z.nullable(z.string()),
  /** What, e.g. `client_data.get`, `transaction.update`. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.nullable(z.string()),
  client_id: z.nullable(z.int()),
  /** From where: the caller's address. */
  ip: z.nullable(z.string()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogResponseSchema = z.object({
  data: z.array(auditLogEntrySchema),
  /** `next`: the link to the older entries (the route and its query, `after` the cursor), while there are some. */
  paging: z.object({ cursors: z.object({ after: z.optional(z.string()) }), next: z.optional(z.string()) }),
});
