import type { RegistrationMail } from '@waratah/identity';
import { getTenant, isTenantId, type TenantConfig } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import { registerClientInvitationMailJob } from '../clients/client-invitation-mail.ts';
import { getMailbox } from '../routes/dev/get-mailbox.ts';
import { getMailboxMessages } from '../routes/dev/get-mailbox-messages.ts';
import { registerAccountMailJob } from './account-mail-job.ts';
import { createMailboxMailer } from './mailbox-mailer.ts';
import type { Mailer } from './mailer.ts';
import { alreadyRegisteredMail } from './messages/already-registered-mail.ts';
import { invitationWaitingMail } from './messages/invitation-waiting-mail.ts';
import { resetPasswordMail } from './messages/reset-password-mail.ts';
import { verifyEmailMail } from './messages/verify-email-mail.ts';
import { welcomeMail } from './messages/welcome-mail.ts';
import type { RenderedMail } from './render-mail.ts';
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

/** The e-mail the identity service sends (SSO tenants) through this mailer: the link that confirms a new adviser's address, their welcome, a password-reset link, the notice that an address was registered again, and an invitee's link to accept their invitation when their address is registered. */
export function identityRegistrationMail(mailer: Mailer): RegistrationMail {
  /** Sends the message `render` writes for the tenant; an unknown tenant is the caller's error. */
  const sendAs = async (tenantId: string, to: string, render: (tenant: TenantConfig) => RenderedMail) => {
    if (!isTenantId(tenantId)) throw new Error(`Unknown tenant ${tenantId}`);
    const tenant = getTenant(tenantId);
    await mailer.send({ tenantId: tenant.id, to, ...render(tenant) });
  };
  return {
    sendWelcome: (adviser) =>
      sendAs(adviser.tenantId, adviser.email, (tenant) =>
        welcomeMail({
          tenant,
          givenName: adviser.givenName,
          url: `${adviser.portalOrigin}/register/company`,
        }),
      ),
    sendEmailVerification: (link) =>
      sendAs(link.tenantId, link.email, (tenant) =>
        verifyEmailMail({ tenant, givenName: link.givenName, url: link.url }),
      ),
    sendPasswordReset: (link) =>
      sendAs(link.tenantId, link.email, (tenant) =>
        resetPasswordMail({ tenant, givenName: link.givenName, url: link.url }),
      ),
    sendAlreadyRegistered: (notice) =>
      sendAs(notice.tenantId, notice.email, (tenant) =>
        alreadyRegisteredMail({
          tenant,
          givenName: notice.givenName,
          signInUrl: notice.signInUrl,
          resetUrl: notice.resetUrl,
        }),
      ),
    sendInvitationWaiting: (link) =>
      sendAs(link.tenantId, link.email, (tenant) =>
        invitationWaitingMail({
          tenant,
          givenName: link.givenName,
          partyName: undefined,
          url: link.url,
          expiresIn: '1 hour',
        }),
      ),
  };
}
