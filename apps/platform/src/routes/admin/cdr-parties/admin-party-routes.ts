import type { FastifyInstance } from 'fastify';
import { getPartiesToVerify } from './get-parties-to-verify.ts';
import { postCdrParty } from './post-cdr-party.ts';
import { postVerifyParty } from './post-verify-party.ts';
import { putPartyStatus } from './put-party-status.ts';

/** `api/admin/cdr/parties/external…` (spec §7 Admin): operators review, add, enable and disable practices. */
export async function adminPartyRoutes(app: FastifyInstance): Promise<void> {
  await app.register(getPartiesToVerify);
  await app.register(postVerifyParty);
  await app.register(postCdrParty);
  await app.register(putPartyStatus);
}
