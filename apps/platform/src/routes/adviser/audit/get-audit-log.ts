import { apiRequestHeadersSchema, auditLogQuerySchema, auditLogResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditLog } from '../../../access/list-audit-log.ts';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { errorResponses } from '../../v2/error-responses.ts';
import { pagingLinks } from '../../v2/paging-links.ts';

const description =
  "The audit log, newest first: who read which client's data or changed what, when and from where. An adviser reads its practice's advisers' entries, an operator every entry of its tenant; `client_id` keeps one client's, `after` pages on, and `paging.next` is the link to the older entries.";

/** `GET api/adviser/audit` and `GET api/admin/audit` (issue 10): the audit log of DESIGN §3. */
export function auditLogRoute(path: '/adviser/audit' | '/admin/audit'): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      path,
      {
        schema: {
          tags: [path === '/admin/audit' ? 'admin' : 'adviser'],
          headers: apiRequestHeadersSchema,
          description,
          querystring: auditLogQuerySchema,
          response: { 200: auditLogResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const page = await listAuditLog(app.database.db, requireAdminUser(request), request.query);
        // The link to the older entries, as every other list gives it (reference §1; since 2026-12-03).
        return { ...page, paging: pagingLinks(request, page.paging) };
      },
    );
  };
}
