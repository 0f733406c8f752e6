import type { RegistrationMail } from '@waratah/identity';
import { getTenant, isTenantId } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import { registerClientInvitationMailJob } from '../clients/client-invitation-mail.ts';
import { getMailbox } from '../routes/dev/get-mailbox.ts';
import { getMailboxMessages } from '../routes/dev/get-mailbox-messages.ts';
import { registerAccountMailJob } from './account-mail-job.ts';
import { createMailboxMailer } from './mailbox-mailer.ts';
import type { Mailer } from './mailer.ts';
import { alreadyRegisteredMail } from './messages/already-registered-mail.ts';
import { resetPasswordMail } from './messages/reset-password-mail.ts';
import { verifyEmailMail } from './messages/verify-email-mail.ts';
import { welcomeMail } from './messages/welcome-mail.ts';
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
 * then, so that a server with real e-mail never shows anyone's messages. The pages hold working
 * reset and invitation links, so they also stay off wherever the development tools are off
 * (production): there, without SMTP, messages are kept in the database for an operator only.
 */
export async function registerMail(app: FastifyInstance, options: MailOptions = {}): Promise<void> {
  const { smtpUrl, mailFrom } = app.config;
  const mailer =
    options.mailer ??
    (smtpUrl
      ? createSmtpMailer({ transport: smtpUrl, from: mailFrom })
      : createMailboxMailer(app.database.db));
  app.decorate('mailer', mailer);
  app.decorate('identityRegistrationMail', identityRegistrationMail(mailer));
  await registerAccountMailJob(app);
  await registerClientInvitationMailJob(app);
  if (mailer.kind !== 'mailbox') return;
  if (!app.config.devTools) {
    app.log.warn('SMTP_URL is not set: e-mail is kept in the mail_messages table and not sent');
    return;
  }
  await app.register(getMailbox);
  await app.register(getMailboxMessages);
}

/** The e-mail the identity service sends (SSO tenants) through this mailer: the link that confirms a new adviser's address, their welcome, a password-reset link, and the notice that an address was registered again. */
export function identityRegistrationMail(mailer: Mailer): RegistrationMail {
  return {
    async sendWelcome(adviser) {
      if (!isTenantId(adviser.tenantId)) throw new Error(`Unknown tenant ${adviser.tenantId}`);
      const tenant = getTenant(adviser.tenantId);
      const url = `${adviser.portalOrigin}/register/company`;
      await mailer.send({
        tenantId: tenant.id,
        to: adviser.email,
        ...welcomeMail({ tenant, givenName: adviser.givenName, url }),
      });
    },
    async sendEmailVerification(link) {
      if (!isTenantId(link.tenantId)) throw new Error(`Unknown tenant ${link.tenantId}`);
      const tenant = getTenant(link.tenantId);
      await mailer.send({
        tenantId: tenant.id,
        to: link.email,
        ...verifyEmailMail({ tenant, givenName: link.givenName, url: link.url }),
      });
    },
    async sendPasswordReset(link) {
      if (!isTenantId(link.tenantId)) throw new Error(`Unknown tenant ${link.tenantId}`);
      const tenant = getTenant(link.tenantId);
      await mailer.send({
        tenantId: tenant.id,
        to: link.email,
        ...resetPasswordMail({ tenant, givenName: link.givenName, url: link.url }),
      });
    },
    async sendAlreadyRegistered(notice) {
      if (!isTenantId(notice.tenantId)) throw new Error(`Unknown tenant ${notice.tenantId}`);
      const tenant = getTenant(notice.tenantId);
      await mailer.send({
        tenantId: tenant.id,
        to: notice.email,
        ...alreadyRegisteredMail({
          tenant,
          givenName: notice.givenName,
          signInUrl: notice.signInUrl,
          resetUrl: notice.resetUrl,
        }),
      });
    },
  };
}
