import type { Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.ts';

export interface SmtpMailerOptions {
  /** An smtp:// or smtps:// URL (SMTP_URL), or a nodemailer transporter (tests use its JSON transport). */
  transport: string | Transporter;
  /** The From header (MAIL_FROM). */
  from: string;
}

/**
 * Real e-mail through nodemailer. nodemailer is loaded with the first message, not at start: its
 * modules took about 80 ms of a restart (docs/benchmarks.md, "Cold start and memory"), and a
 * server that sends nothing never needs them.
 */
export function createSmtpMailer({ transport, from }: SmtpMailerOptions): Mailer {
  let transporter: Promise<Transporter> | undefined;
  const connect = async (): Promise<Transporter> => {
    if (typeof transport !== 'string') return transport;
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport(transport);
  };
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail): Promise<void> {
      // A transport that could not be made is tried again with the next message.
      transporter ??= connect().catch((error: unknown) => {
        transporter = undefined;
        throw error;
      });
      await (await transporter).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
