import {
  accountListResponseSchema,
  providerAccountListResponseSchema,
  providerAccountResponseSchema,
  providerListResponseSchema,
} from '@waratah/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markRefreshQueued } from '../../../aggregation/provider-accounts-repository.ts';
import { withJobs } from '../../../jobs/jobs-schema.ts';
import { connectProviderAccount } from '../../../open-banking/connect-provider-account.ts';
import { dueProviderAccountIds } from '../../../open-banking/refresh-jobs.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { adviserScopeOf, signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

describe('connecting and refreshing open-banking provider accounts (through the job queue)', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;
  let harbourBankId: number;

  beforeAll(async () => {
    testApp = await buildTestApp();
    // Listening lists the in-process simulated holder's banks as providers (development tools on).
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    await testApp.app.inject({
      method: 'PUT',
      url: '/data-holder/control/clock',
      // The real now: the worker refreshes on the real clock, and a bank's consent runs a year from
      // the bank's clock (a fixed one would have lapsed one day).
      payload: { now: new Date().toISOString() },
    });
    fixture = await signedInAdviserWithClient(testApp.app);
    const providers = providerListResponseSchema.parse(
      (await call('GET', '/api/v2/providers?name=Harbour')).json(),
    ).data;
    harbourBankId = providers.find((provider) => provider.name === 'Harbour Bank')?.id ?? 0;
  });
  afterAll(() => testApp.close());

  function call(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
    return testApp.app.inject({ method, url, headers: fixture.headers, ...(payload ? { payload } : {}) });
  }

  /** The provider account once its queued refresh has run (the status leaves adding/updating). */
  async function settled(id: number) {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const body = providerAccountResponseSchema.parse(
        (await call('GET', `/api/v2/provideraccounts/${id}`)).json(),
      );
      if (!['adding', 'updating'].includes(body.data.refresh_status.status)) return body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`provider account ${id} never settled`);
  }

  it('connects a provider, refreshes it in a job and shows the accounts', async () => {
    const created = await call('POST', '/api/v2/provideraccounts', {
      provider_id: harbourBankId,
      customer_id: 'amelia-nguyen',
    });
    expect(created.statusCode).toBe(201);
    const { data } = providerAccountResponseSchema.parse(created.json());
    expect(data.refresh_status.status).toBe('adding');
    expect((await settled(data.id)).refresh_status).toMatchObject({
      status: 'success',
      sub_status: 'success',
    });
    const accounts = accountListResponseSchema.parse(
      (await call('GET', `/api/v2/accounts?provider_account_ids=${data.id}`)).json(),
    ).data;
    expect(accounts).toHaveLength(3);
  });

  it('refreshes on demand; an outage shows on the provider and the connection', async () => {
    const list = providerAccountListResponseSchema.parse(
      (await call('GET', '/api/v2/provideraccounts')).json(),
    );
    const connection = list.data.find((entry) => entry.provider_id === harbourBankId);
    const id = connection?.id ?? 0;
    await testApp.app.inject({
      method: 'POST',
      url: '/data-holder/control/faults',
      payload: { bank: 'harbour-bank', fault: 'outage' },
    });
    try {
      const queued = await call('PUT', `/api/v2/provideraccounts?provideraccount_ids=${id}`);
      expect(queued.statusCode).toBe(202);
      expect(providerAccountListResponseSchema.parse(queued.json()).data[0]?.refresh_status.status).toBe(
        'updating',
      );
      expect((await settled(id)).refresh_status).toMatchObject({
        status: 'failed',
        sub_status: 'temporary_failure',
        additional_status: 'site_error',
      });
      const providers = providerListResponseSchema.parse(
        (await call('GET', '/api/v2/providers?status=outage')).json(),
      ).data;
      expect(providers.map((provider) => provider.name)).toContain('Harbour Bank');
    } finally {
      await testApp.app.inject({ method: 'DELETE', url: '/data-holder/control/faults' });
    }
  });

  it('connects the same customer again into the same connection, ending the consent it replaces', async () => {
    const list = async () =>
      providerAccountListResponseSchema
        .parse((await call('GET', '/api/v2/provideraccounts')).json())
        .data.filter((entry) => entry.provider_id === harbourBankId);
    const [connection] = await list();
    const id = connection?.id ?? 0;
    const consentOf = async () =>
      (
        await testApp.database.db
          .selectFrom('provider_accounts')
          .select('holder_consent_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).holder_consent_id;
    const before = await consentOf();
    const accountsBefore = accountListResponseSchema.parse(
      (await call('GET', `/api/v2/accounts?provider_account_ids=${id}`)).json(),
    ).data;

    const again = await call('POST', '/api/v2/provideraccounts', {
      provider_id: harbourBankId,
      customer_id: 'amelia-nguyen',
    });
    expect(again.statusCode).toBe(201);
    const { data } = providerAccountResponseSchema.parse(again.json());
    // Before 2026-11-30 a second connection, and every account and transaction twice.
    expect(data.id).toBe(id);
    expect(data.refresh_status.status).toBe('updating');
    expect((await list()).map((entry) => entry.id)).toEqual([id]);
    expect(await consentOf()).not.toBe(before);
    const revocation = await withJobs(testApp.database.db)
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', 'open-banking.revoke-holder-consent')
      .execute();
    expect(revocation.map((job) => (job.payload as { consentId: string }).consentId)).toContain(before);
    expect((await settled(id)).refresh_status).toMatchObject({ status: 'success' });
    const accountsAfter = accountListResponseSchema.parse(
      (await call('GET', `/api/v2/accounts?provider_account_ids=${id}`)).json(),
    ).data;
    expect(accountsAfter.map((account) => account.id)).toEqual(accountsBefore.map((account) => account.id));
  });

  it('makes one connection of two connects of one customer at once', async () => {
    const twice = await Promise.all(
      [0, 1].map(() =>
        call('POST', '/api/v2/provideraccounts', { provider_id: harbourBankId, customer_id: 'priya-sharma' }),
      ),
    );
    expect(twice.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const ids = twice.map((answer) => providerAccountResponseSchema.parse(answer.json()).data.id);
    // Before 2026-11-30 each could find no connection and add one (PostgreSQL, two connections).
    expect(ids[0]).toBe(ids[1]);
    const rows = await testApp.database.db
      .selectFrom('provider_accounts')
      .select('id')
      .where('client_id', '=', fixture.clientId)
      .where('holder_customer_id', '=', 'priya-sharma')
      .execute();
    expect(rows).toHaveLength(1);
    await settled(ids[0] ?? 0);
  });

  it('refuses ids that are not the client’s, and connections that are not open banking', async () => {
    expect((await call('PUT', '/api/v2/provideraccounts?provideraccount_ids=999999')).statusCode).toBe(404);
    expect((await call('PUT', '/api/v2/provideraccounts?provideraccount_ids=x')).statusCode).toBe(400);
    const list = providerAccountListResponseSchema.parse(
      (await call('GET', '/api/v2/provideraccounts')).json(),
    );
    const demoConnection = list.data.find((entry) => entry.provider_id !== harbourBankId);
    expect(demoConnection).toBeDefined();
    const refused = await call('PUT', `/api/v2/provideraccounts?provideraccount_ids=${demoConnection?.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields[0].field).toBe('query.provideraccount_ids');
    const wrongProvider = await call('POST', '/api/v2/provideraccounts', {
      provider_id: 999_999,
      customer_id: 'x',
    });
    expect(wrongProvider.statusCode).toBe(400);
    expect(wrongProvider.json().error.fields[0].field).toBe('body.provider_id');
  });

  it('makes a connection marked for refresh due, so a refresh found running cannot leave it updating', async () => {
    const other = await signedInAdviserWithClient(testApp.app);
    const db = testApp.database.db;
    const connection = await connectProviderAccount(db, adviserScopeOf(other), {
      providerId: harbourBankId,
      customerId: 'amelia-nguyen',
      sharingDays: 90,
    });
    // As after a success: the next refresh a day away.
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    await db
      .updateTable('provider_accounts')
      .set({ next_refresh: tomorrow })
      .where('id', '=', connection.id)
      .execute();
    // The queue finds this connection's refresh still running and queues nothing; that refresh
    // may have written its outcome already.
    const [marked] = await markRefreshQueued(db, adviserScopeOf(other), [connection.id], async () => {});
    expect(marked?.refresh_status.status).toBe('updating');
    expect(await dueProviderAccountIds(db, new Date())).toContain(connection.id);
  });

  it('marks no connection updating when one of their refreshes cannot be queued', async () => {
    const other = await signedInAdviserWithClient(testApp.app);
    const db = testApp.database.db;
    const connect = (customerId: string) =>
      connectProviderAccount(db, adviserScopeOf(other), {
        providerId: harbourBankId,
        customerId,
        sharingDays: 90,
      });
    const [first, second] = [await connect('amelia-nguyen'), await connect('ben-carter')];
    const statuses = async () =>
      (
        await db
          .selectFrom('provider_accounts')
          .select('status')
          .where('id', 'in', [first.id, second.id])
          .orderBy('id')
          .execute()
      ).map((row) => row.status);
    const before = await statuses();
    // The queue's table refuses the second connection's job (a failure after the first was queued).
    await sql`create function refuse_refresh_for_test() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`.execute(db);
    await sql`create trigger refuse_refresh_for_test before insert on jobs for each row
      when (new.payload->>'providerAccountId' = ${sql.lit(String(second.id))})
      execute function refuse_refresh_for_test()`.execute(db);
    try {
      const refused = await testApp.app.inject({
        method: 'PUT',
        url: `/api/v2/provideraccounts?provideraccount_ids=${first.id},${second.id}`,
        headers: other.headers,
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`drop trigger refuse_refresh_for_test on jobs`.execute(db);
      await sql`drop function refuse_refresh_for_test()`.execute(db);
    }
    expect(await statuses()).toEqual(before);
    const queued = await withJobs(db)
      .selectFrom('jobs')
      .select('id')
      .where(sql<string>`payload->>'providerAccountId'`, 'in', [String(first.id), String(second.id)])
      .execute();
    expect(queued).toEqual([]);
  });

  it('records a holder’s consent answer it cannot keep as a failed connection, and ends the consent it names', async () => {
    const other = await signedInAdviserWithClient(testApp.app);
    const db = testApp.database.db;
    const scope = adviserScopeOf(other);
    const answers = [
      // An id past the 2,704 bytes of an index entry: every later revocation's job key would fail.
      { consentId: 'c'.repeat(6000), accessToken: 'dh1.token', expiresAt: '2027-12-01T00:00:00Z' },
      // A time no one can read: the insert failed, and the connect answered 500.
      { consentId: 'cns-readable', accessToken: 'dh1.token', expiresAt: 'soon' },
      { consentId: 'cns-untokened', accessToken: 42, expiresAt: '2027-12-01T00:00:00Z' },
      // The holder does not answer the end of it: the queue's job tries again (2026-12-02).
      { consentId: 'cns-unended', accessToken: 42, expiresAt: '2027-12-01T00:00:00Z' },
    ];
    for (const [index, answer] of answers.entries()) {
      const sent: string[] = [];
      const holder: typeof fetch = async (input, init) => {
        sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
        if ((init?.method ?? 'GET') === 'POST') {
          return new Response(JSON.stringify({ data: answer }), {
            status: 201,
            headers: { 'content-type': 'application/json' },
          });
        }
        return new Response(null, { status: answer.consentId === 'cns-unended' ? 503 : 204 });
      };
      const connection = await connectProviderAccount(
        db,
        scope,
        { providerId: harbourBankId, customerId: `customer-${index}`, sharingDays: 90 },
        { fetch: holder },
      );
      expect(connection.refresh_status).toMatchObject({
        status: 'failed',
        sub_status: 'permanent_failure',
        additional_status: 'aggregation_error',
      });
      const stored = await db
        .selectFrom('provider_accounts')
        .select(['holder_consent_id', 'holder_access_token'])
        .where('id', '=', connection.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ holder_consent_id: null, holder_access_token: null });
      // The consent the holder named is ended when its id is one that can be sent back.
      const ended = sent.filter((line) => line.startsWith('DELETE '));
      expect(ended).toHaveLength(index === 0 ? 0 : 1);
      if (index > 0) expect(ended[0]).toContain(`/admin/consents/${answer.consentId}?`);
    }
    const queued = await withJobs(db)
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', 'open-banking.revoke-holder-consent')
      .execute();
    const queuedIds = queued.map((job) => (job.payload as { consentId: string }).consentId);
    expect(queuedIds).toContain('cns-unended');
    expect(queuedIds).not.toContain('cns-readable');
    // The client can still withdraw: nothing queued under an id no key can hold.
    const withdrawn = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v2/provideraccounts/${
        (
          await db
            .selectFrom('provider_accounts')
            .select('id')
            .where('client_id', '=', other.clientId)
            .executeTakeFirstOrThrow()
        ).id
      }`,
      headers: other.headers,
    });
    expect(withdrawn.statusCode).toBeLessThan(300);
  });

  it("connects nothing for an adviser whose consent ended after the access check, and ends the holder's consent it was given", async () => {
    const other = await signedInAdviserWithClient(testApp.app);
    const db = testApp.database.db;
    const scope = adviserScopeOf(other);
    const connectionsOf = (clientId: number) =>
      db
        .selectFrom('provider_accounts')
        .select('id')
        .where('client_id', '=', clientId)
        .orderBy('id')
        .execute();
    const before = await connectionsOf(other.clientId);
    // The access check passed; then the client withdrew, while the holder was authorising.
    await db
      .updateTable('client_links')
      .set({ consent_status: 'withdrawn' })
      .where('client_id', '=', other.clientId)
      .execute();
    const sent: string[] = [];
    const recording: typeof fetch = (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return fetch(input, init);
    };
    await expect(
      connectProviderAccount(
        db,
        scope,
        { providerId: harbourBankId, customerId: 'amelia-nguyen', sharingDays: 90 },
        { fetch: recording },
      ),
    ).rejects.toMatchObject({ type: 'not_found' });
    expect(await connectionsOf(other.clientId)).toEqual(before);
    const given = sent.find((line) => line.startsWith('POST ') && line.endsWith('/admin/consents'));
    expect(given).toBeDefined();
    expect(sent.some((line) => /^DELETE .*\/admin\/consents\/[^/]+$/.test(line))).toBe(true);
  });
});
