import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withJobs } from '../jobs/jobs-schema.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../testing/sign-in.ts';
import { type ClientInvitationMailRequest, clientInvitationMailJob } from './client-invitation-mail.ts';

describe('a client invitation’s e-mail', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;
  const sent: OutgoingMail[] = [];
  let refusals = 0;
  // An SMTP server that refuses the next `refusals` messages.
  const mailer: Mailer = {
    kind: 'smtp',
    async send(mail) {
      if (refusals > 0) {
        refusals -= 1;
        throw new Error('421 try again later');
      }
      sent.push(mail);
    },
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ mail: { mailer } });
    adviser = await createSignedInAdminUser(testApp.app, { tenantId: 'moneypartner' });
  });
  afterAll(() => testApp.close());

  const invite = (email: string, headers = adviser.headers) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/admin/user/invite',
      headers,
      payload: { email, given_name: 'Ivy', family_name: 'Client' },
    });
  const jobOf = (email: string) =>
    withJobs(testApp.database.db)
      .selectFrom('jobs')
      .select(['state', 'attempt'])
      .where('name', '=', clientInvitationMailJob)
      .where(sql<string>`payload->>'email'`, '=', email)
      .executeTakeFirst();
  const jobById = (id: string) =>
    withJobs(testApp.database.db)
      .selectFrom('jobs')
      .select(['state', 'attempt'])
      .where('id', '=', id)
      .executeTakeFirst();
  /** Waits for the job of that address (the first queued), or of that id, to complete. */
  const settled = async (email: string, id?: string) => {
    const until = Date.now() + 20_000;
    for (;;) {
      const job = id === undefined ? await jobOf(email) : await jobById(id);
      if (job?.state === 'completed' || Date.now() > until) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('is sent after the invitation commits, and again when the server refused it', async () => {
    // Before 2026-11-30 the request sent it: a refusal answered 500 with the invitation written,
    // and the adviser's retry got 409, so the client never heard of it.
    refusals = 1;
    const answer = await invite('ivy.client@example.test');
    expect(answer.statusCode).toBe(201);
    expect(await settled('ivy.client@example.test')).toMatchObject({ state: 'completed', attempt: 2 });
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['ivy.client@example.test', expect.stringContaining('has asked you to share your financial data')],
    ]);
  });

  it('is not sent for an invitation withdrawn before it went', async () => {
    sent.length = 0;
    await testApp.app.jobQueue.enqueue(clientInvitationMailJob, {
      tenantId: 'moneypartner',
      clientId: 999_999,
      partyId: adviser.externalParty?.id ?? 0,
      email: 'withdrawn@example.test',
      givenName: 'Wendy',
      adviserName: 'Ada Adviser',
      partyName: 'Practice',
    });
    expect(await settled('withdrawn@example.test')).toMatchObject({ state: 'completed' });
    expect(sent).toEqual([]);
  });

  // The job as the invitation queued it, to be queued again as if it were still waiting.
  const queuedPayload = async (email: string) =>
    (
      await withJobs(testApp.database.db)
        .selectFrom('jobs')
        .select('payload')
        .where('name', '=', clientInvitationMailJob)
        .where(sql<string>`payload->>'email'`, '=', email)
        .executeTakeFirstOrThrow()
    ).payload as ClientInvitationMailRequest;

  it('is not sent once the client has declined the invitation, or confirmed it', async () => {
    for (const [email, status] of [
      ['dora.declines@example.test', 'withdrawn'],
      ['cal.confirms@example.test', 'active'],
    ] as const) {
      expect((await invite(email)).statusCode).toBe(201);
      expect(await settled(email)).toMatchObject({ state: 'completed' });
      const payload = await queuedPayload(email);
      await testApp.database.db
        .updateTable('client_links')
        .set({ consent_status: status })
        .where('client_id', '=', payload.clientId)
        .execute();
      sent.length = 0;
      const again = await testApp.app.jobQueue.enqueue(clientInvitationMailJob, payload);
      expect(await settled(email, again)).toMatchObject({ state: 'completed' });
      expect(sent).toEqual([]);
    }
  });

  it('is sent to a suspended invitee all the same: the suspension may be lifted before they open it', async () => {
    const email = 'sid.suspended@example.test';
    expect((await invite(email)).statusCode).toBe(201);
    expect(await settled(email)).toMatchObject({ state: 'completed' });
    const payload = await queuedPayload(email);
    await testApp.database.db
      .updateTable('clients')
      .set({ status: 'suspended' })
      .where('id', '=', payload.clientId)
      .execute();
    sent.length = 0;
    const again = await testApp.app.jobQueue.enqueue(clientInvitationMailJob, payload);
    expect(await settled(email, again)).toMatchObject({ state: 'completed' });
    expect(sent.map((mail) => mail.to)).toEqual([email]);
  });

  it('is not sent for an invitation unlinked and made again: the new one’s e-mail goes, once', async () => {
    const email = 'rex.reinvited@example.test';
    expect((await invite(email)).statusCode).toBe(201);
    expect(await settled(email)).toMatchObject({ state: 'completed' });
    const first = await queuedPayload(email);
    expect(first.linkId).toEqual(expect.any(Number));
    const unlinked = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/adviser/users/${first.clientId}`,
      headers: { ...adviser.headers, 'x-external-party-id': String(first.partyId) },
    });
    expect(unlinked.statusCode).toBe(204);
    sent.length = 0;
    expect((await invite(email)).statusCode).toBe(201);
    await vi.waitFor(() => expect(sent.map((mail) => mail.to)).toEqual([email]), { timeout: 20_000 });

    sent.length = 0;
    const again = await testApp.app.jobQueue.enqueue(clientInvitationMailJob, first);
    expect(await settled(email, again)).toMatchObject({ state: 'completed' });
    expect(sent).toEqual([]);
  });

  it('is not sent once the practice is no longer enabled: disabled, or back in review', async () => {
    for (const status of ['disabled', 'unverified'] as const) {
      const email = `ned.${status}@example.test`;
      expect((await invite(email)).statusCode).toBe(201);
      expect(await settled(email)).toMatchObject({ state: 'completed' });
      const payload = await queuedPayload(email);
      await testApp.database.db
        .updateTable('external_parties')
        .set({ status })
        .where('id', '=', payload.partyId)
        .execute();
      try {
        sent.length = 0;
        // The job as if it were still waiting when the operator changed the practice's status.
        const again = await testApp.app.jobQueue.enqueue(clientInvitationMailJob, payload);
        expect(await settled(email, again)).toMatchObject({ state: 'completed' });
        // Before 2026-12-02 it went all the same.
        expect(sent).toEqual([]);
      } finally {
        await testApp.database.db
          .updateTable('external_parties')
          .set({ status: 'enabled' })
          .where('id', '=', payload.partyId)
          .execute();
      }
    }
  });

  it('names the practice alone once its adviser is suspended, removed or moved to another practice', {
    timeout: 20_000,
  }, async () => {
    const db = testApp.database.db;
    for (const change of ['suspended', 'removed', 'moved'] as const) {
      // An adviser of a practice of its own, changed as an operator would change it.
      const inviter = await createSignedInAdminUser(testApp.app, { tenantId: 'moneypartner' });
      const email = `ada.${change}@example.test`;
      expect((await invite(email, inviter.headers)).statusCode).toBe(201);
      expect(await settled(email)).toMatchObject({ state: 'completed' });
      expect(sent.map((mail) => mail.to)).toContain(email);
      const payload = await queuedPayload(email);
      if (change === 'suspended')
        await db
          .updateTable('admin_users')
          .set({ status: 'suspended' })
          .where('id', '=', inviter.adminUser.id)
          .execute();
      if (change === 'removed')
        await db.deleteFrom('admin_users').where('id', '=', inviter.adminUser.id).execute();
      if (change === 'moved') {
        const elsewhere = await createSignedInAdminUser(testApp.app, { tenantId: 'moneypartner' });
        await db
          .updateTable('admin_users')
          .set({ external_party_id: elsewhere.externalParty?.id ?? null })
          .where('id', '=', inviter.adminUser.id)
          .execute();
      }
      sent.length = 0;
      // The job as if it were still waiting when the adviser changed; the invitation still waits.
      const again = await testApp.app.jobQueue.enqueue(clientInvitationMailJob, payload);
      expect(await settled(email, again)).toMatchObject({ state: 'completed' });
      // Before 2026-12-03 it named the adviser all the same; not sent, the invitation would wait for good.
      expect(
        sent.map((mail) => mail.to),
        change,
      ).toEqual([email]);
      expect(sent[0]?.text, change).toContain(`${inviter.externalParty?.name} has invited you to share`);
      expect(sent[0]?.text, change).not.toContain(`of ${inviter.externalParty?.name}`);
    }
  });
});
