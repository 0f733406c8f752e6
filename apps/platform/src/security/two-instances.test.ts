import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openPostgresDatabase } from '../db/open-postgres-database.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { seedDatabase } from '../db/seed.ts';
import { enqueueHousekeeping, housekeepingJob } from '../housekeeping/housekeeping-job.ts';
import { withJobs } from '../jobs/jobs-schema.ts';
import { slotMarginMs } from '../jobs/periodic-job.ts';
import { jobQueueOf } from '../jobs/register-job-queue.ts';
import { tenantHost } from '../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  console.log('Two instances skipped: several instances need PostgreSQL (DATABASE_URL is not set).');

/**
 * Two platform instances, each with its own connection pool, over one PostgreSQL database: the
 * basis of docs/scaling.md. Whatever one instance does, the other sees — sessions, rate limits, jobs.
 */
describe.skipIf(!serverUrl)('two platform instances on one PostgreSQL database', () => {
  let scratch: PlatformDatabase;
  let second: PlatformDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    scratch = await createTestDatabase();
    await seedDatabase(scratch.db);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(scratch.db);
    const url = new URL(serverUrl as string);
    url.pathname = `/${rows[0]?.name}`;
    second = openPostgresDatabase(url.toString());
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const settings = { signInFailuresPerAccount: 4 };
    a = await buildApp({ config, database: scratch, credentials: { settings } });
    b = await buildApp({ config, database: second, credentials: { settings } });
    a.readiness.markReady();
    b.readiness.markReady();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await second?.close();
    await scratch?.close();
  });

  it('accept on one instance the session signed in on the other, and see the same client data', async () => {
    const owner = await signedInAdviserWithClient(a);
    const onA = await a.inject({ url: '/api/v2/transactions/summary', headers: owner.headers });
    const onB = await b.inject({ url: '/api/v2/transactions/summary', headers: owner.headers });
    expect(onA.statusCode).toBe(200);
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toEqual(onA.json());

    // A change made through B is read back through A, also where A keeps the page it answered
    // before under the client's data version (access/client-answer-cache.ts).
    const transactionId = owner.transactionIds[0];
    const pageUrl = '/api/v2/transactions?size=500';
    expect((await a.inject({ url: pageUrl, headers: owner.headers })).body).not.toContain(
      'changed on instance B',
    );
    const changed = await b.inject({
      method: 'PUT',
      url: `/api/v2/transactions/${transactionId}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: { budget_category: 'living', memo: 'changed on instance B' },
    });
    expect(changed.statusCode).toBe(200);
    const read = await a.inject({ url: `/api/v2/transactions/${transactionId}`, headers: owner.headers });
    expect(JSON.stringify(read.json())).toContain('changed on instance B');
    expect((await a.inject({ url: pageUrl, headers: owner.headers })).body).toContain(
      'changed on instance B',
    );

    // Revoking on A ends the session on B too.
    await a.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { host: owner.headers.host },
      payload: { token: owner.adviser.accessToken },
    });
    const afterRevoke = await b.inject({ url: '/api/v2/transactions/summary', headers: owner.headers });
    expect(afterRevoke.statusCode).toBe(401);
  });

  it('count failed sign-ins across both instances', async () => {
    const host = tenantHost('moneypartner');
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/oauth/admin/token',
        headers: { host },
        payload: {
          grant_type: 'password',
          username: 'nobody.two.instances@example.test',
          password: 'Wrong-Password-For-Two-Instances-1',
          client_id: 'moneypartner-adviser-portal',
          domain: 'moneypartner.com.au',
          scope: '',
        },
      });
    const statuses = [];
    for (const app of [a, b, a, b, a, b]) statuses.push((await attempt(app)).statusCode);
    // The limit is 4 per account: the fifth attempt is refused, whichever instance it reaches.
    expect(statuses.slice(0, 4).every((status) => status === 400 || status === 401)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it('run a job enqueued on one instance exactly once, on either', async () => {
    const ran: string[] = [];
    const name = `two-instances-${Date.now()}`;
    for (const [label, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      await jobQueueOf(app).work(name, async () => {
        ran.push(label);
      });
    }
    await a.ready();
    await b.ready();
    const id = await jobQueueOf(a).enqueue(name, {});
    for (let wait = 0; wait < 200 && ran.length === 0; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ran).toHaveLength(1);
    expect(id).toBeTruthy();
  });

  it('queue one housekeeping sweep for the next slot, however many instances ask', async () => {
    await a.ready();
    await b.ready();
    const jobs = withJobs(scratch.db);
    const queued = await jobs
      .selectFrom('jobs')
      .select(['singleton_key', 'start_after'])
      .where('name', '=', housekeepingJob)
      .where('state', '=', 'created')
      .execute();
    expect(queued).toHaveLength(1);
    // A third instance (a restart, another host) asking for the same slot gets the same job.
    const again = await enqueueHousekeeping(jobQueueOf(b), new Date(Date.now() + slotMarginMs));
    expect(await jobs.selectFrom('jobs').select('id').where('name', '=', housekeepingJob).execute()).toEqual([
      { id: again },
    ]);
  });
});
