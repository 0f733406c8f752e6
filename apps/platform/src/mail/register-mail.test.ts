import nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { buildTestApp } from '../testing/build-test-app.ts';
import { accountMailSettled } from '../testing/latest-mail.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

describe('e-mail delivery', () => {
  it('keeps mail in the development mailbox and shows it at /dev/mailbox when no SMTP is configured', async () => {
    const testApp = await buildTestApp();
    try {
      await createSignedInAdminUser(testApp.app, { email: 'mailbox@example.test' });
      await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/adminusers/reset',
        headers: { host: 'moneypartner.localhost:8080' },
        payload: { email: 'mailbox@example.test' },
      });
      await accountMailSettled(testApp.app);
      const page = await testApp.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('mailbox@example.test');
      expect(page.body).toContain('Reset your MoneyPartner password');
      expect(page.body).toMatch(
        /<a href="http:\/\/moneypartner\.localhost:8080\/set-password\?reset_password_token=[\w-]+">Reset password<\/a>/,
      );

      const json = await testApp.app.inject({
        method: 'GET',
        url: '/dev/mailbox/messages.json?to=MAILBOX@example.test',
      });
      expect(json.json().data).toHaveLength(1);
    } finally {
      await testApp.close();
    }
  });

  it('shows no mailbox where the development tools are off, even without SMTP', async () => {
    const testApp = await buildTestApp({ env: { DEV_TOOLS: 'off' } });
    try {
      expect((await testApp.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await testApp.app.inject({ method: 'GET', url: '/dev/gallery/' })).statusCode).toBe(404);
      expect(
        (
          await testApp.app.inject({
            method: 'GET',
            url: '/data-holder/harbour-bank/cds-au/v1/discovery/status',
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await testApp.close();
    }
  });

  it('sends through nodemailer, and shows no mailbox, in SMTP mode', async () => {
    const transporter = nodemailer.createTransport({ jsonTransport: true });
    const sendMail = vi.spyOn(transporter, 'sendMail');
    const mailer = createSmtpMailer({ transport: transporter, from: 'Waratah <no-reply@waratah.example>' });
    const testApp = await buildTestApp({ mail: { mailer } });
    try {
      await createSignedInAdminUser(testApp.app, { email: 'smtp@example.test' });
      await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/adminusers/reset',
        headers: { host: 'moneypartner.localhost:8080' },
        payload: { email: 'smtp@example.test' },
      });
      await accountMailSettled(testApp.app);
      expect(sendMail).toHaveBeenCalledTimes(1);
      expect(sendMail.mock.calls[0]?.[0]).toMatchObject({
        to: 'smtp@example.test',
        subject: 'Reset your MoneyPartner password',
      });
      expect((await testApp.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect(await testApp.database.db.selectFrom('mail_messages').selectAll().execute()).toEqual([]);
    } finally {
      await testApp.close();
    }
  });

  it('reads SMTP_URL and MAIL_FROM, refusing a URL that is not SMTP', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
      MAIL_FROM: 'Ops <ops@example.com>',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:pw@smtp.example.com:465',
      mailFrom: 'Ops <ops@example.com>',
    });
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com' })).toThrow(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
  });
});
