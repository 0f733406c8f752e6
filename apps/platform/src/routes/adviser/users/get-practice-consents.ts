import {
  apiRequestHeadersSchema,
  practiceConsentsQuerySchema,
  practiceConsentsResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../../access/record-audit.ts';
import { requireAdminUser } from '../../../access/require-principal.ts';
import { listPracticeConsents } from '../../../clients/practice-consents.ts';
import { errorResponses } from '../../v2/error-responses.ts';

/** `GET api/adviser/users/consents`: the dashboard's practice-wide consents panel (issue 7). */
export const getAdviserPracticeConsentsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/adviser/users/consents',
    {
      schema: {
        tags: ['adviser'],
        headers: apiRequestHeadersSchema,
        description:
          "The caller's practice's consents that end within 30 days (soonest first) and those already expired or withdrawn (latest first); at most `size` of each, with each list's count.",
        querystring: practiceConsentsQuerySchema,
        response: { 200: practiceConsentsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requireAdminUser(request);
      const consents = await listPracticeConsents(app.database.db, principal, request.query.size);
      // Clients' names, e-mails and consents: audited as a read of the practice's clients.
      await recordAudit(app.database.db, {
        actor: principal,
        action: 'consent.list',
        targetType: 'practice',
        targetId: principal.externalPartyId,
      });
      return { data: consents };
    },
  );
};
