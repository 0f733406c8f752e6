import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.ts';

export interface SmtpMailerOptions {
  /** An smtp:// or smtps:// URL (SMTP_URL), or a nodemailer transporter (tests use its JSON transport). */
  transport: string | Transporter;
  /** The From header (MAIL_FROM). */
  from: string;
}

/** Real e-mail through nodemailer. */
export function createSmtpMailer({ transport, from }: SmtpMailerOptions): Mailer {
  const transporter = typeof transport === 'string' ? nodemailer.createTransport(transport) : transport;
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail): Promise<void> {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
