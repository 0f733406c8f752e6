import type { TenantId } from '@waratah/tenants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJobs } from '../jobs/jobs-schema.ts';
import { slotMarginMs } from '../jobs/periodic-job.ts';
import { unclaimedJobMs, unclaimedJobs } from '../jobs/unclaimed-jobs.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { withinOrWaited } from '../testing/lock-wait.ts';
import { housekeepingJob, reportUnclaimedJobs, retention, sweepExpiredRecords } from './housekeeping-job.ts';

describe('housekeeping', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ env: { SCHEDULED_JOBS: 'on' } });
  });
  afterAll(() => testApp.close());

  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const hour = 3600 * 1000;

  it('deletes what has outlived its use, a batch at a time, and keeps everything else', async () => {
    const db = testApp.database.db;
    const jobs = withJobs(db);
    const user = await db
      .insertInto('admin_users')
      .values({
        tenant_id: 'waratah',
        email: 'housekeeping@example.com.au',
        given_name: 'House',
        family_name: 'Keeping',
        permissions: '[]',
        roles: '["adviser"]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = (id: string, state: 'completed' | 'failed' | 'created', completedAt: Date | null) => ({
      id,
      name: 'housekeeping.test',
      payload: '{}',
      state,
      completed_at: completedAt,
    });
    await jobs
      .insertInto('jobs')
      .values([
        job('hk-ended-long-ago', 'completed', ago(retention.endedJobsMs + hour)),
        job('hk-failed-long-ago', 'failed', ago(retention.endedJobsMs + hour)),
        job('hk-ended-lately', 'completed', ago(retention.endedJobsMs - hour)),
        job('hk-waiting', 'created', null),
      ])
      .execute();
    const link = (hash: string, expiresAt: Date) => ({
      tenant_id: 'waratah',
      admin_user_id: user.id,
      purpose: 'reset_password' as const,
      token_hash: hash,
      expires_at: expiresAt,
    });
    await db
      .insertInto('one_time_tokens')
      .values([
        link('hk-link-old', ago(retention.oneTimeTokensMs + hour)),
        link('hk-link-expired-lately', ago(hour)),
        link('hk-link-live', new Date(now.getTime() + hour)),
      ])
      .execute();
    const token = (hash: string, expiresAt: Date, rotatedFrom: number | null = null) => ({
      token_hash: hash,
      kind: 'refresh' as const,
      subject_kind: 'admin_user' as const,
      subject_id: user.id,
      tenant_id: 'waratah',
      client_id: 'housekeeping-test',
      family_id: 'hk-family',
      rotated_from: rotatedFrom,
      expires_at: expiresAt,
    });
    const first = await db
      .insertInto('oauth_tokens')
      .values(token('hk-token-dead', ago(retention.tokensMs + hour)))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('oauth_tokens')
      .values([
        token('hk-token-expired-lately', ago(hour), first.id),
        token('hk-token-live', new Date(now.getTime() + hour)),
      ])
      .execute();
    await db
      .insertInto('rate_limit_buckets')
      .values([
        ...Array.from({ length: 5 }, (_, index) => ({
          key: `hk-old-${index}`,
          window_start: ago(retention.rateLimitBucketsMs + hour),
          count: 1,
        })),
        { key: 'hk-current', window_start: ago(hour / 2), count: 3 },
      ])
      .execute();
    await db
      .insertInto('sign_in_devices')
      .values(
        ['hk-device-expired-1', 'hk-device-expired-2', 'hk-device-live'].map((token_hash, index) => ({
          token_hash,
          tenant_id: 'waratah',
          account: 'housekeeping@example.com.au',
          audience: 'admin_user' as const,
          expires_at: index < 2 ? ago(hour * (index + 1)) : new Date(now.getTime() + hour),
        })),
      )
      .execute();
    const mail = (subject: string, createdAt: Date) => ({
      tenant_id: 'waratah',
      to_address: 'housekeeping@example.com.au',
      subject,
      text: 'a link',
      html: '<p>a link</p>',
      links: '[]',
      created_at: createdAt,
    });
    await db
      .insertInto('mail_messages')
      .values([
        mail('hk-mail-old-1', ago(retention.mailMessagesMs + hour)),
        mail('hk-mail-old-2', ago(retention.mailMessagesMs + 2 * hour)),
        mail('hk-mail-old-3', ago(retention.mailMessagesMs + 3 * hour)),
        mail('hk-mail-lately', ago(retention.mailMessagesMs - hour)),
      ])
      .execute();

    expect(await sweepExpiredRecords(db, now, 2)).toEqual({
      jobs: 2,
      one_time_tokens: 1,
      oauth_tokens: 1,
      rate_limit_buckets: 5,
      sign_in_devices: 2,
      mail_messages: 3,
    });
    expect(
      (await jobs.selectFrom('jobs').select('id').where('id', 'like', 'hk-%').orderBy('id').execute()).map(
        (row) => row.id,
      ),
    ).toEqual(['hk-ended-lately', 'hk-waiting']);
    expect(
      (
        await db
          .selectFrom('one_time_tokens')
          .select('token_hash')
          .where('token_hash', 'like', 'hk-%')
          .orderBy('token_hash')
          .execute()
      ).map((row) => row.token_hash),
    ).toEqual(['hk-link-expired-lately', 'hk-link-live']);
    const tokens = await db
      .selectFrom('oauth_tokens')
      .select(['token_hash', 'rotated_from'])
      .where('token_hash', 'like', 'hk-%')
      .orderBy('token_hash')
      .execute();
    // The successor of a deleted token keeps its id: since migration 0031 (2026-12-02) no foreign
    // key sets it null, so deleting dead tokens writes nothing to the live ones (ids are never reused).
    expect(tokens).toEqual([
      { token_hash: 'hk-token-expired-lately', rotated_from: first.id },
      { token_hash: 'hk-token-live', rotated_from: null },
    ]);
    expect(
      (await db.selectFrom('rate_limit_buckets').select('key').where('key', 'like', 'hk-%').execute()).map(
        (row) => row.key,
      ),
    ).toEqual(['hk-current']);
    expect(
      (
        await db
          .selectFrom('sign_in_devices')
          .select('token_hash')
          .where('token_hash', 'like', 'hk-%')
          .execute()
      ).map((row) => row.token_hash),
    ).toEqual(['hk-device-live']);
    expect(
      (await db.selectFrom('mail_messages').select('subject').where('subject', 'like', 'hk-%').execute()).map(
        (row) => row.subject,
      ),
    ).toEqual(['hk-mail-lately']);
    expect(await sweepExpiredRecords(db, now)).toEqual({
      jobs: 0,
      one_time_tokens: 0,
      oauth_tokens: 0,
      rate_limit_buckets: 0,
      sign_in_devices: 0,
      mail_messages: 0,
    });
  });

  /** A refresh token of a client (no row needed: `subject_id` names none by key). */
  const clientToken = (
    clientId: number,
    familyId: string,
    hash: string,
    expiresAt: Date,
    rotatedFrom: number | null = null,
  ) => ({
    token_hash: hash,
    kind: 'refresh' as const,
    subject_kind: 'client' as const,
    subject_id: clientId,
    tenant_id: 'waratah',
    client_id: 'housekeeping-test',
    family_id: familyId,
    rotated_from: rotatedFrom,
    expires_at: expiresAt,
  });
  const insertToken = async (row: ReturnType<typeof clientToken>) =>
    (
      await testApp.database.db
        .insertInto('oauth_tokens')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  // These need a second connection: PGlite runs one statement at a time, so nothing holds a row
  // while the sweep runs.
  it.runIf(process.env.DATABASE_URL)(
    'deletes dead tokens without waiting on their live successors, so a suspension on another connection never deadlocks with it',
    async () => {
      const db = testApp.database.db;
      const clientId = 990_001;
      const token = (hash: string, expiresAt: Date, rotatedFrom: number | null = null) =>
        clientToken(clientId, 'deadlock-family', hash, expiresAt, rotatedFrom);
      // In this order: the dead ones first by id, P2 before P1, and each's live successor after both.
      const p2 = await insertToken(token('deadlock-p2', ago(retention.tokensMs + 3 * hour)));
      const p1 = await insertToken(token('deadlock-p1', ago(retention.tokensMs + 2 * hour)));
      const s1 = await insertToken(token('deadlock-s1', new Date(now.getTime() + hour), p1));
      const s2 = await insertToken(token('deadlock-s2', new Date(now.getTime() + hour), p2));
      const liveOfClient = (trx: typeof db) =>
        trx
          .selectFrom('oauth_tokens')
          .where('subject_kind', '=', 'client')
          .where('subject_id', '=', clientId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', new Date());
      let sweep: Promise<unknown> = Promise.resolve();
      let waited: unknown;
      // A suspension under way (`revokeBearerTokens`) holds S1 when the sweep starts, then locks the
      // client's live tokens in id order and revokes them. Before migration 0031 the sweep's
      // `on delete set null` updated S2 (P2 is deleted first), then waited for S1 holding S2, for
      // which the suspension waited in turn: PostgreSQL ended one of them (40P01).
      const suspension = db.transaction().execute(async (trx) => {
        await trx.selectFrom('oauth_tokens').select('id').where('id', '=', s1).forUpdate().execute();
        sweep = sweepExpiredRecords(db, now);
        waited = await withinOrWaited(sweep, 300);
        await liveOfClient(trx).select('id').orderBy('id').forUpdate().execute();
        await trx
          .updateTable('oauth_tokens')
          .set({ revoked_at: new Date(), retry_answer: null })
          .where('id', 'in', liveOfClient(trx).select('id'))
          .execute();
      });
      // The sweep after the suspension: it is started inside it.
      const failures: string[] = [];
      const failed = (error: unknown) => {
        failures.push((error as { code?: string }).code ?? String(error));
      };
      await suspension.catch(failed);
      await sweep.catch(failed);
      expect({ sweepWaited: waited === 'waited', failures }).toEqual({ sweepWaited: false, failures: [] });
      const rows = await db
        .selectFrom('oauth_tokens')
        .select(['id', 'rotated_from', sql<boolean>`revoked_at is not null`.as('revoked')])
        .where('family_id', '=', 'deadlock-family')
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: s1, rotated_from: p1, revoked: true },
        { id: s2, rotated_from: p2, revoked: true },
      ]);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'skips the dead tokens another transaction holds, as a sign-in’s clean-up does: deleters never wait for each other',
    async () => {
      const db = testApp.database.db;
      const subject = {
        kind: 'client' as const,
        id: 990_002,
        tenantId: 'waratah' as TenantId,
        clientId: 'housekeeping-test',
      };
      const dead = (hash: string) =>
        insertToken(clientToken(subject.id, 'skip-family', hash, ago(retention.tokensMs + 2 * hour)));
      const deadOfFamily = async () =>
        (
          await db
            .selectFrom('oauth_tokens')
            .select('token_hash')
            .where('family_id', '=', 'skip-family')
            .orderBy('token_hash')
            .execute()
        ).map((row) => row.token_hash);
      const held = await dead('skip-held');
      await dead('skip-free-1');
      const waited: Record<string, boolean> = {};
      const left: Record<string, string[]> = {};
      // Another deleter of the same dead tokens under way (a sweep of another instance, a sign-in's
      // clean-up) holds one of them: the sweep and a new sign-in delete the others and go on.
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('oauth_tokens').select('id').where('id', '=', held).forUpdate().execute();
        waited.sweep = (await withinOrWaited(sweepExpiredRecords(db, now), 300)) === 'waited';
        left.afterSweep = await deadOfFamily();
        await dead('skip-free-2');
        waited.signIn = (await withinOrWaited(testApp.app.tokens.issueForSignIn(subject), 300)) === 'waited';
        left.afterSignIn = await deadOfFamily();
      });
      expect({ waited, left }).toEqual({
        waited: { sweep: false, signIn: false },
        left: { afterSweep: ['skip-held'], afterSignIn: ['skip-held'] },
      });
      // The next sweep takes what was skipped.
      await sweepExpiredRecords(db, now);
      expect(await deadOfFamily()).toEqual([]);
    },
  );

  it('finds and logs the jobs no worker took within an hour of their start, by name', async () => {
    const jobs = withJobs(testApp.database.db);
    const job = (
      id: string,
      name: string,
      startAfter: Date,
      running?: { startedAt: Date; lockedUntil: Date | null },
    ) => ({
      id,
      name,
      payload: '{}',
      state: running ? ('active' as const) : ('created' as const),
      start_after: startAfter,
      started_at: running?.startedAt ?? null,
      locked_until: running?.lockedUntil ?? null,
    });
    await jobs
      .insertInto('jobs')
      .values([
        job('unclaimed-1', 'retired.job', ago(3 * hour)),
        job('unclaimed-2', 'retired.job', ago(2 * hour)),
        // Waiting for its retry since two hours ago, its last attempt's lease long lapsed: counted from its start.
        { ...job('unclaimed-8', 'retired.job', ago(2 * hour)), locked_until: ago(6 * hour) },
        // Due less than an hour ago, or not yet.
        job('unclaimed-3', 'retired.job', ago(unclaimedJobMs - 60_000)),
        job('unclaimed-4', 'renamed.job', new Date(now.getTime() + 3 * hour)),
        // Running when its name was retired: its lease lapsed 90 minutes ago, and none took it up.
        job('unclaimed-5', 'stopped.job', ago(5 * hour), {
          startedAt: ago(5 * hour),
          lockedUntil: ago(1.5 * hour),
        }),
        // Running, its lease kept; and behind it, one waiting for two hours (a backlog).
        job('unclaimed-6', 'busy.job', ago(3 * hour), {
          startedAt: ago(10 * 60_000),
          lockedUntil: ago(-60_000),
        }),
        job('unclaimed-7', 'busy.job', ago(2 * hour)),
      ])
      .execute();
    try {
      expect(await unclaimedJobs(testApp.database.db, now)).toEqual([
        { name: 'busy.job', count: 1, since: ago(2 * hour), lastStarted: ago(10 * 60_000) },
        { name: 'retired.job', count: 3, since: ago(3 * hour), lastStarted: null },
        { name: 'stopped.job', count: 1, since: ago(1.5 * hour), lastStarted: ago(5 * hour) },
      ]);
      const logged: { level: string; object: unknown; message: string }[] = [];
      const log = {
        warn: (object: unknown, message: string) => logged.push({ level: 'warn', object, message }),
        error: (object: unknown, message: string) => logged.push({ level: 'error', object, message }),
      };
      await reportUnclaimedJobs({ database: testApp.database, log } as never, now);
      expect(logged).toMatchObject([
        {
          level: 'warn',
          object: { unclaimed: [{ name: 'busy.job' }, { name: 'retired.job' }, { name: 'stopped.job' }] },
        },
      ]);
      // A database that cannot answer: logged, not thrown at the sweep, which has done its work.
      logged.length = 0;
      const broken = {
        db: {
          getExecutor: () => {
            throw new Error('connection lost');
          },
        },
      };
      await reportUnclaimedJobs({ database: broken, log } as never, now);
      expect(logged.map(({ level, message }) => [level, message])).toEqual([
        ['error', 'housekeeping: could not look for jobs no worker took'],
      ]);
    } finally {
      await jobs.deleteFrom('jobs').where('id', 'like', 'unclaimed-%').execute();
    }
  });

  it('is queued for the next hour once per slot, and its run sweeps and queues the next', async () => {
    const jobs = withJobs(testApp.database.db);
    const queued = () =>
      jobs
        .selectFrom('jobs')
        .select(['id', 'state', 'start_after', 'singleton_key'])
        .where('name', '=', housekeepingJob)
        .orderBy('created_at')
        .execute();
    await testApp.app.ready();
    const [slot, ...others] = await queued();
    expect(others).toEqual([]);
    expect(slot?.state).toBe('created');
    const startAfter = slot?.start_after.getTime() ?? 0;
    expect(startAfter % hour).toBe(0);
    expect(startAfter - Date.now()).toBeGreaterThan(0);
    // The next slot after a minute from now (`slotMarginMs`).
    expect(startAfter - Date.now()).toBeLessThanOrEqual(hour + slotMarginMs);

    // Its time comes (as if it were the last slot's; the queue polls every second): the worker
    // sweeps and queues the next slot's.
    await testApp.database.db
      .insertInto('rate_limit_buckets')
      .values({ key: 'hk-stale', window_start: ago(retention.rateLimitBucketsMs + hour), count: 1 })
      .execute();
    await jobs
      .updateTable('jobs')
      .set({
        start_after: ago(1000),
        singleton_key: `slot-${new Date(startAfter - hour).toISOString()}`,
        payload: JSON.stringify({ slot: new Date(startAfter - hour).toISOString() }),
      })
      .where('id', '=', slot?.id ?? '')
      .execute();
    const deadline = Date.now() + 10_000;
    let state = slot?.state;
    while (state !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (
        await jobs
          .selectFrom('jobs')
          .select('state')
          .where('id', '=', slot?.id ?? '')
          .executeTakeFirst()
      )?.state;
    }
    expect(state).toBe('completed');
    expect(
      await testApp.database.db
        .selectFrom('rate_limit_buckets')
        .select('key')
        .where('key', '=', 'hk-stale')
        .execute(),
    ).toEqual([]);
    const next = (await queued()).filter((job) => job.state === 'created');
    expect(next).toHaveLength(1);
    expect(next[0]?.start_after.getTime()).toBe(startAfter);
  });
});
