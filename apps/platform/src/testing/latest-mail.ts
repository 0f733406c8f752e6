import { identityMailJob } from '@waratah/identity';
import type { FastifyInstance } from 'fastify';
import { clientInvitationMailJob } from '../clients/client-invitation-mail.ts';
import { withJobs } from '../jobs/jobs-schema.ts';
import { accountMailJob } from '../mail/account-mail-job.ts';

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
}

/** The newest development-mailbox message to `to`, read the way the browser tests read it. */
export async function latestMail(app: FastifyInstance, to: string): Promise<MailboxMessage | undefined> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`,
  });
  const { data } = response.json() as { data: MailboxMessage[] };
  return data[0];
}

/** The value of a query parameter in the first link of a message. */
export function linkParameter(message: MailboxMessage | undefined, name: string): string {
  const url = message?.links[0]?.url;
  if (!url) throw new Error('The message has no link');
  return new URL(url).searchParams.get(name) ?? '';
}

/** The six-digit code of a verification e-mail (`sendVerificationCode`), or '' when it has none. */
export function verificationCodeIn(message: MailboxMessage | undefined): string {
  return /Your code: (\d{6})/.exec(message?.text ?? '')?.[1] ?? '';
}

/**
 * Waits for the queued account e-mails to be sent, or found to have no account to go to: a reset
 * or a new code asked for anonymously (`mail/account-mail-job.ts`), the identity's welcome and
 * reset link (`identityMailJob`) and a client's invitation answer before their e-mail exists.
 */
export async function accountMailSettled(app: FastifyInstance, withinMs = 10_000): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    const jobs = await withJobs(app.database.db)
      .selectFrom('jobs')
      .select(['state', 'last_error'])
      .where('name', 'in', [accountMailJob, identityMailJob, clientInvitationMailJob])
      .where('state', 'in', ['created', 'active', 'failed'])
      .execute();
    const failed = jobs.find((job) => job.state === 'failed');
    if (failed) throw new Error(`An account e-mail failed: ${failed.last_error}`);
    if (jobs.length === 0) return;
    if (Date.now() > until)
      throw new Error(`${jobs.length} account e-mails still queued after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
