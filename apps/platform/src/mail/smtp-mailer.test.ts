import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import { createSmtpMailer, smtpTimeouts } from './smtp-mailer.ts';

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

  it('sends through an smtp:// URL, loading nodemailer with the first message', async () => {
    // The least of an SMTP server: one message, kept as it arrives.
    let received = '';
    await withServer(
      (socket) => {
        let data = false;
        socket.write('220 test ESMTP\r\n');
        socket.on('data', (chunk) => {
          for (const line of chunk.toString('utf8').split('\r\n').filter(Boolean)) {
            if (data) {
              if (line === '.') {
                data = false;
                socket.write('250 kept\r\n');
              } else received += `${line}\n`;
            } else if (/^EHLO|^HELO/i.test(line)) socket.write('250 test\r\n');
            else if (/^DATA/i.test(line)) {
              data = true;
              socket.write('354 go on\r\n');
            } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
            else socket.write('250 ok\r\n');
          }
        });
      },
      async (port) => {
        const mailer = createSmtpMailer({
          transport: `smtp://127.0.0.1:${port}`,
          from: 'Ops <ops@example.com>',
        });
        await mailer.send(message('Welcome to Waratah'));
        expect(received).toContain('Subject: Welcome to Waratah');
        expect(received).toContain('To: ann@example.test');
      },
    );
  });

  it('gives up on a server that never greets, after its greeting timeout', async () => {
    // Before 2026-11-30 nodemailer's defaults held a mail job for minutes on a stalled server.
    expect(smtpTimeouts).toEqual({
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    // A server that takes the connection and never says a word.
    await withServer(
      () => undefined,
      async (port) => {
        const mailer = createSmtpMailer({
          transport: `smtp://127.0.0.1:${port}`,
          from: 'Ops <ops@example.com>',
          timeouts: { ...smtpTimeouts, greetingTimeout: 200 },
        });
        await expect(mailer.send(message('Hi'))).rejects.toThrow(/greeting/i);
      },
    );
  });
});

function message(subject: string) {
  return {
    tenantId: 'waratah',
    to: 'ann@example.test',
    subject,
    text: subject,
    html: `<p>${subject}</p>`,
    links: [],
  };
}

/** A TCP server on loopback for the length of `use`: `onSocket` plays the SMTP server's part. */
async function withServer(onSocket: (socket: Socket) => void, use: (port: number) => Promise<void>) {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    onSocket(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    await use((server.address() as AddressInfo).port);
  } finally {
    for (const socket of sockets) socket.destroy();
    server.close();
  }
}
