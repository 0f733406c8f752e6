import { getTenant, isTenantId, type TenantConfig } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { enqueueJob } from '../jobs/table-job-queue.ts';
import { type RenderedMail, renderMail } from '../mail/render-mail.ts';

/** Sends a client's invitation e-mail once the invitation has committed. */
export const clientInvitationMailJob = 'clients.invitation-mail';

/** Who is invited, by whom: what the e-mail says. The address and names are the adviser's entry. */
export interface ClientInvitationMailRequest {
  tenantId: string;
  clientId: number;
  partyId: number;
  /**
   * The invitation's own link (since 2026-12-02). A link unlinked and made again has a new id, so
   * the first one's e-mail is not sent as well. Jobs queued before carry none.
   */
  linkId?: number;
  email: string;
  givenName: string;
  adviserName: string;
  partyName: string;
}

/**
 * Queues the invitation's e-mail in the transaction that writes the invitation: it exists exactly
 * when the invitation does, and a send the SMTP server refuses is retried (2, 4, 8 … s, five
 * times). Before 2026-11-30 the request sent it after commit: a refused send answered 500 with the
 * invitation written, and the adviser's retry got 409, so the client never heard of it.
 */
export async function queueClientInvitationMail(
  trx: Kysely<Database>,
  request: ClientInvitationMailRequest,
): Promise<void> {
  await enqueueJob(trx, clientInvitationMailJob, request, { retryLimit: 5, retryBackoff: true });
}

/**
 * The worker: nothing is sent for an invitation no longer waiting for the client when its e-mail
 * is due: unlinked (even if invited again since: that invitation has its own e-mail), declined,
 * or already confirmed, or its practice no longer enabled (disabled, or back in review: only an
 * enabled practice invites; before 2026-12-02 the request's check was the only one). Its adviser no
 * longer an active adviser of the practice, it is sent in the practice's name alone. A suspended invitee is
 * still sent theirs: the suspension may be lifted before they open it, and an e-mail skipped would
 * never be sent.
 */
export async function registerClientInvitationMailJob(app: FastifyInstance): Promise<void> {
  await app.jobQueue.work<ClientInvitationMailRequest>(
    clientInvitationMailJob,
    async (request) => {
      if (!isTenantId(request.tenantId)) throw new Error(`Unknown tenant ${request.tenantId}`);
      const link = await app.database.db
        .selectFrom('client_links as l')
        .innerJoin('external_parties as p', 'p.id', 'l.external_party_id')
        .select('l.invited_by_admin_user_id')
        .where('l.client_id', '=', request.clientId)
        .where('l.external_party_id', '=', request.partyId)
        .$if(request.linkId !== undefined, (query) => query.where('l.id', '=', request.linkId ?? 0))
        .where('l.consent_status', '=', 'pending')
        .where('p.status', '=', 'enabled')
        .executeTakeFirst();
      if (!link) return;
      // The adviser it names, checked as a colleague's invitation checks its inviter
      // (`complete-invitation.ts`): one suspended, removed (the link keeps no inviter) or moved to
      // another practice since is not named, and the invitation goes in the practice's name alone.
      // It is the practice's: not sent, it would wait for good, and a colleague's invitation of the
      // same address would be refused as already made. Before 2026-12-03 it named the adviser all the same.
      const inviter =
        link.invited_by_admin_user_id === null
          ? undefined
          : await app.adminUsers.findById(request.tenantId, link.invited_by_admin_user_id);
      const named =
        inviter?.status === 'active' &&
        inviter.kind === 'adviser' &&
        inviter.external_party_id === request.partyId;
      const mail = clientInvitationMail({
        tenant: getTenant(request.tenantId),
        givenName: request.givenName,
        ...(named && { adviserName: request.adviserName }),
        partyName: request.partyName,
      });
      await app.mailer.send({ tenantId: request.tenantId, to: request.email, ...mail, links: [] });
    },
    // One at a time per instance, as every queued e-mail (smtp-mailer.ts).
    { concurrency: 1 },
  );
}

/** The e-mail a client gets when an adviser asks them to share their financial data. */
export function clientInvitationMail(input: {
  tenant: TenantConfig;
  givenName: string;
  /** Left out when the adviser who invited is no longer an active adviser of the practice. */
  adviserName?: string;
  partyName: string;
}): RenderedMail {
  return renderMail({
    tenant: input.tenant,
    subject: `${input.partyName} has asked you to share your financial data`,
    greeting: `Hi ${input.givenName},`,
    paragraphs: [
      `${input.adviserName ? `${input.adviserName} of ${input.partyName}` : input.partyName} has invited you to share your financial data with them through ${input.tenant.name}.`,
      'Open the app and confirm the request to start sharing. You choose how long, for up to 12 months, and you can stop at any time.',
    ],
    footnote: 'If you did not expect this e-mail, you can ignore it: nothing is shared until you confirm.',
  });
}
