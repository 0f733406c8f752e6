import type { FastifyInstance } from 'fastify';
import { getMailbox } from '../routes/dev/get-mailbox.ts';
import { getMailboxMessages } from '../routes/dev/get-mailbox-messages.ts';
import { createMailboxMailer } from './mailbox-mailer.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailOptions {
  /** Overrides the configured choice (tests pass an SMTP mailer over a stream transport). */
  mailer?: Mailer;
}

/**
 * SMTP when SMTP_URL is set; otherwise the development mailbox, whose pages are registered only
 * then, so that a server with real e-mail never shows anyone's messages.
 */
export async function registerMail(app: FastifyInstance, options: MailOptions = {}): Promise<void> {
  const { smtpUrl, mailFrom } = app.config;
  const mailer =
    options.mailer ??
    (smtpUrl
      ? createSmtpMailer({ transport: smtpUrl, from: mailFrom })
      : createMailboxMailer(app.database.db));
  app.decorate('mailer', mailer);
  if (mailer.kind !== 'mailbox') return;
  await app.register(getMailbox);
  await app.register(getMailboxMessages);
}
