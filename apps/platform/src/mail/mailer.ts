import type { MailLinkRow } from '../db/database-schema.ts';

/** One e-mail, already rendered; `links` are the actions in it (the mailbox lists them, tests follow them). */
export interface OutgoingMail {
  tenantId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: MailLinkRow[];
}

/** Where e-mail goes: an SMTP server when one is configured, else the development mailbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
}
