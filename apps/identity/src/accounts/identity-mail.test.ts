import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withJobs } from '../../../platform/src/jobs/jobs-schema.ts';
import { createMailboxMailer } from '../../../platform/src/mail/mailbox-mailer.ts';
import type { Mailer } from '../../../platform/src/mail/mailer.ts';
import { latestMail } from '../../../platform/src/testing/latest-mail.ts';
import type { IdentityService } from '../identity-service.ts';
import { buildIdentityTestApp, type IdentityTestApp, waratahClientId } from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';
import { createIdentityMail, type IdentityJobQueue, identityMailJob } from './identity-mail.ts';
import type { RegisteredAdviser, RegistrationMail } from './registration-mail.ts';

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

const noIdentity = {} as IdentityService;

describe('the welcome of a new adviser', () => {
  it('is sent at once when no queue is lent, a failure logged without failing the registration', async () => {
    const sendWelcome = vi.fn(async () => {});
    await createIdentityMail(noIdentity, {
      sendWelcome,
      sendPasswordReset: vi.fn(),
      sendEmailVerification: vi.fn(),
      sendAlreadyRegistered: vi.fn(),
      sendInvitationWaiting: vi.fn(),
    }).welcome(adviser, fakeLog());
    expect(sendWelcome).toHaveBeenCalledWith(adviser);

    const log = fakeLog();
    const failure = new Error('SMTP down');
    const failing: RegistrationMail = {
      sendWelcome: () => Promise.reject(failure),
      sendPasswordReset: vi.fn(),
      sendEmailVerification: vi.fn(),
      sendAlreadyRegistered: vi.fn(),
      sendInvitationWaiting: vi.fn(),
    };
    await expect(createIdentityMail(noIdentity, failing).welcome(adviser, log)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      { err: failure, adminUserId: 7 },
      'The registration e-mail could not be sent',
    );
  });

  it('is queued, with retries, when a queue is lent; a queue that refuses is logged, not the registration’s failure', async () => {
    const sendWelcome = vi.fn(async () => {});
    const enqueue = vi.fn(async () => 'job-1');
    const queue: IdentityJobQueue = { enqueue, work: vi.fn() };
    await createIdentityMail(
      noIdentity,
      {
        sendWelcome,
        sendPasswordReset: vi.fn(),
        sendEmailVerification: vi.fn(),
        sendAlreadyRegistered: vi.fn(),
        sendInvitationWaiting: vi.fn(),
      },
      queue,
    ).welcome(adviser, fakeLog());
    expect(sendWelcome).not.toHaveBeenCalled();
    expect(enqueue).toHaveBeenCalledWith(
      identityMailJob,
      { kind: 'welcome', adviser },
      { retryLimit: 3, retryBackoff: true },
    );

    const log = fakeLog();
    const down = new Error('database unavailable');
    const refusing: IdentityJobQueue = { enqueue: () => Promise.reject(down), work: vi.fn() };
    await createIdentityMail(
      noIdentity,
      {
        sendWelcome,
        sendPasswordReset: vi.fn(),
        sendEmailVerification: vi.fn(),
        sendAlreadyRegistered: vi.fn(),
        sendInvitationWaiting: vi.fn(),
      },
      refusing,
    ).welcome(adviser, log);
    expect(log.error).toHaveBeenCalledWith(
      { err: down, adminUserId: 7 },
      'The registration e-mail could not be sent',
    );
  });

  it('is not sent, nor queued, when the host supplies no mail', async () => {
    const enqueue = vi.fn(async () => 'job-1');
    await createIdentityMail(noIdentity, undefined, { enqueue, work: vi.fn() }).welcome(adviser, fakeLog());
    expect(enqueue).not.toHaveBeenCalled();
  });
});

// The identity mounted by the platform, which lends it its job queue (the table in the database).
describe('the identity’s e-mail on the platform’s queue', () => {
  let testApp: IdentityTestApp;
  /** Sends to the development mailbox, but fails the next `failures` sends as an SMTP server might. */
  let failures = 0;
  let mailbox: Mailer | undefined;
  const flakyMailer: Mailer = {
    kind: 'mailbox',
    async send(mail) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('421 Service not available');
      }
      await mailbox?.send(mail);
    },
  };
  beforeAll(async () => {
    testApp = await buildIdentityTestApp({ mail: { mailer: flakyMailer } });
    mailbox = createMailboxMailer(testApp.database.db);
  });
  afterAll(() => testApp.close());

  const askForLink = (email: string) =>
    new TestBrowser(testApp.app).request(`/app/forgot-password/?client_id=${waratahClientId}`, {
      method: 'POST',
      form: { email },
    });
  const identityJobs = () =>
    withJobs(testApp.database.db)
      .selectFrom('jobs')
      .select(['payload', 'state', 'attempt', 'last_error'])
      .where('name', '=', identityMailJob)
      .orderBy('created_at')
      .execute();
  const resetLinks = async () =>
    (
      await testApp.identityDb
        .selectFrom('identity_store')
        .select('id')
        .where('model', '=', 'PasswordReset')
        .execute()
    ).length;

  it('a reset request only queues a job, the same for an address with an account and one without', async () => {
    await testApp.app.jobQueue.stop();
    const before = { links: await resetLinks(), jobs: (await identityJobs()).length };
    for (const email of [testApp.adviser.email, 'nobody.here@example.com.au'])
      expect((await askForLink(email)).statusCode).toBe(200);
    // No lookup's result written: no link, and the two jobs differ only by the address asked for.
    expect(await resetLinks()).toBe(before.links);
    const queued = (await identityJobs()).slice(before.jobs);
    const request = (email: string) => ({
      kind: 'password-reset',
      request: { tenantId: 'waratah', email, origin: 'http://localhost:8080', clientId: waratahClientId },
    });
    expect(queued.map((job) => [job.state, job.payload])).toEqual([
      ['created', request(testApp.adviser.email)],
      ['created', request('nobody.here@example.com.au')],
    ]);
  });

  it('a send the mail server refuses is retried, and the link arrives', async () => {
    const fresh = await buildIdentityTestApp({ mail: { mailer: flakyMailer } });
    const saved = { testApp, mailbox };
    testApp = fresh;
    mailbox = createMailboxMailer(fresh.database.db);
    try {
      failures = 1;
      expect((await askForLink(fresh.adviser.email)).statusCode).toBe(200);
      // The first attempt fails; the retry waits 2 s (2^1), then sends.
      const until = Date.now() + 15_000;
      let jobs = await identityJobs();
      while (jobs[0]?.state !== 'completed' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        jobs = await identityJobs();
      }
      expect(jobs.map((job) => [job.state, job.attempt])).toEqual([['completed', 2]]);
      expect(failures).toBe(0);
      const mail = await latestMail(fresh.app, fresh.adviser.email);
      expect(mail?.subject).toBe('Reset your Waratah password');
      expect(await resetLinks()).toBe(1);
    } finally {
      testApp = saved.testApp;
      mailbox = saved.mailbox;
      await fresh.close();
    }
  });
});
