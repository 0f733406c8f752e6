import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJobs } from '../jobs/jobs-schema.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { accountMailSettled, latestMail } from '../testing/latest-mail.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
import { accountMailJob } from './account-mail-job.ts';

const host = 'waratahlabs.localhost:8080';

// A request for a reset link or a new code answers the same whether or not the address has an
// account; this checks it also does the same work, so its timing tells nothing either.
describe('e-mails asked for anonymously', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const db = () => testApp.app.database.db;
  const post = (url: string, email: string) =>
    testApp.app.inject({ method: 'POST', url, headers: { host }, payload: { email } });
  const counts = async () => ({
    tokens: (await db().selectFrom('one_time_tokens').select('id').execute()).length,
    mails: (await db().selectFrom('mail_messages').select('id').execute()).length,
  });

  it('are only queued by the request, the same for an address with an account and one without', async () => {
    const known = await createSignedInAdminUser(testApp.app, {
      tenantId: 'waratahlabs',
      email: 'known.adviser@example.test',
    });
    await db()
      .updateTable('admin_users')
      .set({ email_verified_at: null })
      .where('id', '=', known.adminUser.id)
      .execute();
    await testApp.app.jobQueue.stop();
    const before = await counts();
    const answers = [];
    for (const email of ['known.adviser@example.test', 'no.account@example.test']) {
      answers.push(await post('/api/admin/adminusers/reset', email));
      answers.push(await post('/api/adviser/parties/external/verify', email));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers[0]?.body).toBe(answers[2]?.body);
    expect(answers[1]?.json().data).toEqual({ email: 'known.adviser@example.test', email_verified: false });
    // No link, code or e-mail written by the requests themselves: one queued job each.
    expect(await counts()).toEqual(before);
    const queued = await withJobs(db())
      .selectFrom('jobs')
      .select(['payload', 'state'])
      .where('name', '=', accountMailJob)
      .orderBy('created_at')
      .execute();
    expect(queued.map((job) => [job.state, job.payload])).toEqual([
      [
        'created',
        {
          kind: 'password-reset',
          tenantId: 'waratahlabs',
          email: 'known.adviser@example.test',
          portalOrigin: 'http://waratahlabs.localhost:8080',
        },
      ],
      [
        'created',
        { kind: 'verification-code', tenantId: 'waratahlabs', email: 'known.adviser@example.test' },
      ],
      [
        'created',
        {
          kind: 'password-reset',
          tenantId: 'waratahlabs',
          email: 'no.account@example.test',
          portalOrigin: 'http://waratahlabs.localhost:8080',
        },
      ],
      ['created', { kind: 'verification-code', tenantId: 'waratahlabs', email: 'no.account@example.test' }],
    ]);
  });

  it('queue an invitation the same for an address with an account and one without', async () => {
    const inviter = await createSignedInAdminUser(testApp.app, { tenantId: 'waratahlabs' });
    await testApp.app.jobQueue.stop();
    const rows = async () => ({
      ...(await counts()),
      accounts: (await db().selectFrom('admin_users').select('id').execute()).length,
      audits: (await db().selectFrom('audit_log').select('id').execute()).length,
    });
    const before = await rows();
    const answers = [];
    for (const email of ['known.adviser@example.test', 'no.account@example.test']) {
      answers.push(
        await testApp.app.inject({
          method: 'POST',
          url: '/api/admin/adminusers/invite',
          headers: inviter.headers,
          payload: { email, given_name: 'Bo', family_name: 'Asked' },
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(answers[0]?.body.replace('known.adviser', '…')).toBe(answers[1]?.body.replace('no.account', '…'));
    // One audit row each, alike but for the address (the inviter's audit log must not tell them apart).
    expect(await rows()).toEqual({ ...before, audits: before.audits + 2 });
    const audited = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_type', 'target_id', 'client_id'])
      .where('actor_kind', '=', 'admin_user')
      .where('actor_id', '=', inviter.adminUser.id)
      .where('action', '=', 'admin_user.invite')
      .orderBy('id')
      .execute();
    expect(audited).toEqual(
      ['known.adviser@example.test', 'no.account@example.test'].map((email) => ({
        actor_id: inviter.adminUser.id,
        action: 'admin_user.invite',
        target_type: 'email',
        target_id: email,
        client_id: null,
      })),
    );
    const queued = await withJobs(db())
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', accountMailJob)
      .where(sql`payload->>'kind'`, '=', 'invitation')
      .orderBy('created_at')
      .execute();
    expect(queued.map((job) => (job.payload as { email: string }).email)).toEqual([
      'known.adviser@example.test',
      'no.account@example.test',
    ]);
  });

  it('are sent by the job to the address with an account, and to no other', async () => {
    const fresh = await buildTestApp();
    try {
      await createSignedInAdminUser(fresh.app, {
        tenantId: 'waratahlabs',
        email: 'known.adviser@example.test',
      });
      for (const email of ['known.adviser@example.test', 'no.account@example.test']) {
        await fresh.app.inject({
          method: 'POST',
          url: '/api/admin/adminusers/reset',
          headers: { host },
          payload: { email },
        });
      }
      await accountMailSettled(fresh.app);
      expect((await latestMail(fresh.app, 'known.adviser@example.test'))?.subject).toBe(
        'Reset your Waratah Labs password',
      );
      expect(await latestMail(fresh.app, 'no.account@example.test')).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });
});
