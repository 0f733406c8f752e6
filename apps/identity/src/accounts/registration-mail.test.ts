import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { type RegisteredAdviser, sendRegistrationWelcome } from './registration-mail.ts';

const adviser: RegisteredAdviser = {
  tenantId: 'waratah',
  adminUserId: 7,
  email: 'new@example.test',
  givenName: 'New',
  familyName: 'Adviser',
  portalOrigin: 'http://localhost:8080',
};

function fakeLog() {
  return { error: vi.fn() } as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };
}

describe('sendRegistrationWelcome', () => {
  it('hands the new adviser to the mail the mounting app supplied', async () => {
    const sendWelcome = vi.fn(async () => {});
    await sendRegistrationWelcome({ sendWelcome, sendPasswordReset: vi.fn() }, adviser, fakeLog());
    expect(sendWelcome).toHaveBeenCalledWith(adviser);
  });

  it('logs a failed send without failing the registration', async () => {
    const log = fakeLog();
    const failure = new Error('SMTP down');
    await expect(
      sendRegistrationWelcome(
        { sendWelcome: async () => Promise.reject(failure), sendPasswordReset: vi.fn() },
        adviser,
        log,
      ),
    ).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      { err: failure, adminUserId: 7 },
      'The registration e-mail could not be sent',
    );
  });

  it('does nothing when no mail is configured', async () => {
    await expect(sendRegistrationWelcome(undefined, adviser, fakeLog())).resolves.toBeUndefined();
  });
});
