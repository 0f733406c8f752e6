import {
  apiRequestHeadersSchema,
  createPartyRequestSchema,
  errorBodySchema,
  partyDetailsResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertAdviserFeature } from '../../../app-config/tenant-features.ts';
import { requireAdminUser } from '../../../auth/require-admin-user.ts';
import { AppError } from '../../../errors/app-error.ts';
import { createPartyRepository } from './party-repository.ts';
import { toPartyDetails } from './to-party-details.ts';

/**
 * `POST api/adviser/parties/external`: the signed-in adviser registers their business (spec §2
 * register/company). It starts `unverified` until an operator enables it.
 */
export const postParty: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/parties/external',
    {
      schema: {
        tags: ['adviser'],
        description: 'Creates the practice (ABN checked with its checksum) and links the adviser to it.',
        headers: apiRequestHeadersSchema,
        body: createPartyRequestSchema,
        response: {
          201: partyDetailsResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const principal = requireAdminUser(request);
      // An operator serves every practice of its tenant and belongs to none (before 2026-12-02 it
      // could register one, and be linked to it, and the operators it invited after it, for good).
      if (principal.role === 'operator')
        throw new AppError('forbidden', 'An operator does not register a practice');
      if (principal.externalPartyId !== null)
        throw new AppError('already_exists', 'Your business is already registered');
      // The registration's last step, which the portal offers only with `ta_register` on (before
      // 2026-12-03 an adviser of a portal with it off could still submit a practice for review).
      await assertAdviserFeature(request, 'ta_register', 'Registering a business');
      const party = await app.database.db.transaction().execute(async (trx) => {
        const created = await createPartyRepository(trx).create(principal, {
          tenantId: principal.tenantId,
          party: request.body,
        });
        // Two registrations at once both passed the check above: the second rolls back here (before
        // 2026-11-29 both practices were created, and the first was left linked to nobody).
        if (!(await app.adminUsers.linkExternalParty(principal.adminUserId, created.id, trx)))
          throw new AppError('already_exists', 'Your business is already registered');
        return created;
      });
      reply.code(201);
      return { data: toPartyDetails(party) };
    },
  );
};
