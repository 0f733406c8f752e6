import { apiHeaders } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import { AppError } from '../errors/app-error.ts';
import { readIdHeader } from './read-id-header.ts';

/**
 * Suspending or deleting a user also names the external party (spec §6). An adviser must name
 * its own party; another party's id is answered like an unknown client (404), so it leaks nothing.
 * Operators name the party whose link they act on. Returns the party id.
 */
export function requirePartyHeader(request: FastifyRequest, principal: AdminUserPrincipal): number {
  const partyId = readIdHeader(request, apiHeaders.externalPartyId);
  if (partyId === undefined) {
    const message = `${apiHeaders.externalPartyId} is required to suspend or delete a user`;
    throw new AppError('validation_failed', message, {
      fields: [{ field: 'headers.x-external-party-id', message }],
    });
  }
  if (principal.role === 'adviser' && partyId !== principal.externalPartyId) {
    throw new AppError('not_found', 'There is no such client');
  }
  return partyId;
}
