import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.ts';

export interface SmtpMailerOptions {
  /** An smtp:// or smtps:// URL (SMTP_URL), or a nodemailer transporter (tests use its JSON transport). */
  transport: string | Transporter;
  /** The From header (MAIL_FROM). */
  from: string;
  /** How long an SMTP server may take, in ms (default `smtpTimeouts`). */
  timeouts?: typeof smtpTimeouts;
}

/**
 * How long an SMTP server may take to accept a connection, greet, and answer on the socket.
 * nodemailer waits 2 minutes to connect and 10 idle by default: a stalled server held its mail
 * job that long (before 2026-11-30). Settings in SMTP_URL's query override these.
 */
export const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * nodemailer is loaded with the first message, not at start-up (as documents/pdf-writer.ts loads
 * pdfkit): its modules took about 80 ms of a restart (docs/benchmarks.md, "Cold start and
 * memory"), and a server that sends nothing never needs them.
 */
const require = createRequire(import.meta.url);
let loadedNodemailer: typeof Nodemailer | undefined;
function loadNodemailer(): typeof Nodemailer {
  loadedNodemailer ??= require('nodemailer') as typeof Nodemailer;
  return loadedNodemailer;
}

/** Real e-mail through nodemailer. */
export function createSmtpMailer({ transport, from, timeouts = smtpTimeouts }: SmtpMailerOptions): Mailer {
  const url = typeof transport === 'string' ? transport : undefined;
  let transporter = typeof transport === 'string' ? undefined : transport;
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail): Promise<void> {
      transporter ??= loadNodemailer().createTransport({ url, ...timeouts });
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
