import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';

/** The development mailbox (DESIGN §2): e-mails are kept in the database and shown at /dev/mailbox. */
export function createMailboxMailer(db: Kysely<Database>): Mailer {
  return {
    kind: 'mailbox',
    async send(mail: OutgoingMail): Promise<void> {
      await db
        .insertInto('mail_messages')
        .values({
          tenant_id: mail.tenantId,
          to_address: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          links: JSON.stringify(mail.links),
        })
        .execute();
    },
  };
}
