import type { FastifyInstance } from 'fastify';
import { getPartyDetails } from './get-party-details.ts';
import { getVerificationStatus } from './get-verification-status.ts';
import { postParty } from './post-party.ts';
import { postVerifyEmail } from './post-verify-email.ts';
import { putPartyDetails } from './put-party-details.ts';

/** `api/adviser/parties/external…` (spec §7 Adviser): the adviser's own practice and registration. */
export async function adviserPartyRoutes(app: FastifyInstance): Promise<void> {
  await app.register(postParty);
  await app.register(getPartyDetails);
  await app.register(putPartyDetails);
  await app.register(getVerificationStatus);
  await app.register(postVerifyEmail);
}
