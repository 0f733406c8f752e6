import nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import { createSmtpMailer } from './smtp-mailer.ts';

describe('createSmtpMailer', () => {
  it('hands the rendered message to nodemailer with the configured sender', async () => {
    const transporter = nodemailer.createTransport({ jsonTransport: true });
    const sendMail = vi.spyOn(transporter, 'sendMail');
    const mailer = createSmtpMailer({ transport: transporter, from: 'Waratah <no-reply@waratah.example>' });
    await mailer.send({
      tenantId: 'moneypartner',
      to: 'ann@example.test',
      subject: 'Reset your MoneyPartner password',
      text: 'Reset password: https://portal.example/set-password?reset_password_token=abc',
      html: '<p>Reset</p>',
      links: [],
    });
    const info = await sendMail.mock.results[0]?.value;
    const message = JSON.parse(info.message);
    expect(message).toMatchObject({
      from: { address: 'no-reply@waratah.example', name: 'Waratah' },
      to: [{ address: 'ann@example.test', name: '' }],
      subject: 'Reset your MoneyPartner password',
      html: '<p>Reset</p>',
    });
    expect(mailer.kind).toBe('smtp');
  });
});
