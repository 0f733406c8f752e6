import type { FastifyRequest } from 'fastify';
import { requireAdminUser } from '../../../auth/require-admin-user.ts';
import { AppError } from '../../../errors/app-error.ts';
import { createPartyRepository } from './party-repository.ts';
import type { PartyRow } from './to-party-details.ts';

/** The signed-in adviser's practice, or 404 while they have not registered one (the guard sends them to the company step). */
export async function requireOwnParty(request: FastifyRequest): Promise<PartyRow> {
  const principal = requireAdminUser(request);
  const party =
    principal.externalPartyId === null
      ? undefined
      : await createPartyRepository(request.server.database.db).find(
          principal.tenantId,
          principal.externalPartyId,
        );
  if (!party) throw new AppError('not_found', 'You have not registered a business yet');
  return party;
}
