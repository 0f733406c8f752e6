import {
  apiRequestHeadersSchema,
  errorBodySchema,
  verificationStatusResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminUser } from '../../../auth/require-admin-user.ts';
import { AppError } from '../../../errors/app-error.ts';
import { createPartyRepository } from './party-repository.ts';

/** `GET api/adviser/parties/external/verify`: whether the adviser's e-mail and practice are verified. */
export const getVerificationStatus: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/parties/external/verify',
    {
      schema: {
        tags: ['adviser'],
        headers: apiRequestHeadersSchema,
        response: { 200: verificationStatusResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const principal = requireAdminUser(request);
      const user = await app.adminUsers.findById(principal.tenantId, principal.adminUserId);
      if (!user) throw new AppError('unauthorised', 'Please sign in to continue');
      const party =
        principal.externalPartyId === null
          ? undefined
          : await createPartyRepository(app.database.db).find(principal.tenantId, principal.externalPartyId);
      return {
        data: {
          email: user.email,
          email_verified: user.email_verified_at !== null,
          external_party_status: party?.status ?? null,
        },
      };
    },
  );
};
