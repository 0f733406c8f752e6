import {
  apiRequestHeadersSchema,
  listManagedUsersQuerySchema,
  managedUserListResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptAnswer } from '../../../access/client-answer-cache.ts';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { assertListQuery, auditedClientList, listManagedUsers } from '../../../clients/list-managed-users.ts';
import { practiceListVersionKey } from '../../../clients/practice-list-version.ts';
import { errorResponses } from '../../v2/error-responses.ts';
import { withPagingLinks } from '../../v2/paging-links.ts';

/**
 * `GET api/adviser/users` (spec §7 Adviser) and `GET api/admin/users` (spec §7 Admin; the password
 * tenants' portals call it): one handler, so both families' lists are kept alike. Before 2026-11-30
 * the admin family's list was worked out afresh on every call.
 */
export function clientListRoute(family: 'adviser' | 'admin'): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `/${family}/users`,
      {
        config: confirmsCaller,
        schema: {
          tags: [family],
          headers: apiRequestHeadersSchema,
          description:
            "The caller's clients (an operator: every client of the tenant) with consent, last refresh and connections needing action; search, sort and page (`page`, the `after`/`before` cursors, or the `next`/`previous` links of `paging`).",
          querystring: listManagedUsersQuerySchema,
          response: { 200: managedUserListResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        // Refused before the list's state is read, whose statement writes the read's audit row.
        assertListQuery(requireAdminUser(request), request.query);
        // An adviser's list is kept under its practice's list version; the key's statement confirms
        // the caller (and any other caller is confirmed before this returns).
        const versionKey = await practiceListVersionKey(request);
        const principal = requireAdminUser(request);
        // The read's audit row: in the key's statement for a kept list, else written with the list.
        // Each page with its `previous` and `next` links (reference §1), worked out from the route
        // and validated query alone, as the key of a kept list is.
        return versionKey === undefined
          ? withPagingLinks(request, await auditedClientList(app.database.db, principal, request.query))
          : keptAnswer(request, reply, versionKey, async () =>
              withPagingLinks(request, await listManagedUsers(app.database.db, principal, request.query)),
            );
      },
    );
  };
}

export const getAdviserUsersRoute = clientListRoute('adviser');
