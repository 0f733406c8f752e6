import { apiRequestHeadersSchema, idParamsSchema, userSummaryResponseSchema } from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccessibleClientId } from '../../../access/find-accessible-client.ts';
import { recordAudit } from '../../../access/record-audit.ts';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { markConsentInUse } from '../../../consents/mark-consent-in-use.ts';
import { AppError } from '../../../errors/app-error.ts';
import { getUserSummary } from '../../../users/user-details-repository.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `PUT api/admin/user/summary/{id}` (spec §7 Admin).` */
export const putAdminUserSummaryRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/user/summary/:id',
    {
      schema: {
        tags: ['admin'],
        headers: apiRequestHeadersSchema,
        description:
          "Recomputes and answers a client's summary (connections, accounts, transactions, freshness).",
        params: idParamsSchema,
        response: { 200: userSummaryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requireAdminUser(request);
      const db = app.database.db;
      const clientId = await findAccessibleClientId(db, principal, request.params.id);
      if (clientId === undefined) throw new AppError('not_found', 'There is no such client');
      // The practice now uses the shared data, as at every read through the access gate
      // (`resolveClientScope`): an active consent becomes `in_use` (before 2026-12-02 not here).
      await markConsentInUse(db, principal, clientId);
      await recordAudit(db, {
        actor: principal,
        action: 'client.summary',
        targetType: 'client',
        targetId: clientId,
        clientId,
        ip: request.ip,
      });
      return { data: await getUserSummary(db, { tenantId: principal.tenantId, clientId, actor: principal }) };
    },
  );
};
