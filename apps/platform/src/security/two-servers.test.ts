import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFaultData,
  freePort,
  type HttpAnswer,
  type ServerProcess,
} from '../faults/testing/fault-server.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  console.log('Two servers skipped: several instances need PostgreSQL (DATABASE_URL is not set).');

/**
 * Two platform servers, each a process of its own on a port of its own, over one PostgreSQL
 * database, as behind a load balancer (docs/scaling.md): a session signed in on one is good on the
 * other and ends on both, a change through one is read through the other, the sign-in and e-mail
 * limits count across both, and a document job queued through one completes once.
 */
describe.skipIf(!serverUrl)('two platform servers on two ports, one PostgreSQL database', () => {
  let data: Awaited<ReturnType<typeof createFaultData>>;
  const servers: { port: number; process: ServerProcess }[] = [];

  async function startOn(port: number): Promise<{ port: number; process: ServerProcess }> {
    const process = data.spawnServer({
      PORT: String(port),
      AUTH_SIGN_IN_FAILURES_PER_ACCOUNT: '4',
      AUTH_MAILS_PER_IP: '3',
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (process.child.exitCode !== null) throw new Error(`A server exited:\n${process.output()}`);
      const ready = await call(port, 'GET', '/readyz').then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (ready) return { port, process };
      if (Date.now() > deadline) throw new Error(`A server was not ready in time:\n${process.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    data = await createFaultData();
    servers.push(await startOn(data.port));
    servers.push(await startOn(await freePort()));
  }, 240_000);
  afterAll(async () => {
    for (const server of servers) await server.process.stop();
    await data?.remove();
  });

  /** One of the two servers, by its place: requests to its own port. */
  const server = (index: number) => ({
    call: (method: string, path: string, options?: Parameters<typeof call>[3]): Promise<HttpAnswer> =>
      call(servers[index]?.port ?? 0, method, path, options),
  });
  const a = server(0);
  const b = server(1);

  it('share sessions and data: signed in on one, read and changed on the other, revoked on both', async () => {
    const headers = await data.signIn();
    const onA = await a.call('GET', '/api/v2/transactions/summary', { headers });
    const onB = await b.call('GET', '/api/v2/transactions/summary', { headers });
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect(onB.json()).toEqual(onA.json());

    const id = data.transactionIds[0];
    const changed = await b.call('PUT', `/api/v2/transactions/${id}`, {
      headers,
      body: { budget_category: 'living', memo: 'changed on server B' },
    });
    expect(changed.status, changed.body).toBe(200);
    expect((await a.call('GET', `/api/v2/transactions/${id}`, { headers })).body).toContain(
      'changed on server B',
    );

    const token = headers.authorization?.replace('Bearer ', '') ?? '';
    const revoked = await a.call('POST', '/oauth/revoke', {
      headers: { host: headers.host ?? '' },
      body: { token },
    });
    expect(revoked.status).toBe(200);
    expect((await b.call('GET', '/api/v2/transactions/summary', { headers })).status).toBe(401);
  }, 60_000);

  it('count failed sign-ins and e-mails across both', async () => {
    const host = (await data.signIn()).host ?? '';
    const signIn = (server: typeof a) =>
      server.call('POST', '/oauth/admin/token', {
        headers: { host },
        body: {
          grant_type: 'password',
          username: 'nobody.two.servers@example.test',
          password: 'Wrong-Password-For-Two-Servers-1',
          client_id: 'moneypartner-adviser-portal',
          domain: 'moneypartner.com.au',
          scope: '',
        },
      });
    const signIns = [];
    for (const server of [a, b, a, b, a, b]) signIns.push((await signIn(server)).status);
    // Four failures per account: the fifth is refused, whichever server it reaches.
    expect(signIns.slice(4)).toEqual([429, 429]);

    const reset = (server: typeof a, n: number) =>
      server.call('POST', '/api/admin/adminusers/reset', {
        headers: { host },
        body: { email: `reset-${n}@example.test` },
      });
    const resets = [];
    for (const [n, server] of [a, b, a, b].entries()) resets.push((await reset(server, n)).status);
    // Three e-mail requests per IP: the fourth is refused on the other server.
    expect(resets).toEqual([200, 200, 200, 429]);
  }, 60_000);

  it('complete a document queued through one exactly once, read through the other', async () => {
    const headers = await data.signIn();
    const requested = await a.call('POST', '/api/v2/accounts/summary', { headers, body: {} });
    expect(requested.status, requested.body).toBe(202);
    const exportId = requested.json<{ data: { id: string } }>().data.id;
    const deadline = Date.now() + 60_000;
    let status = '';
    while (Date.now() < deadline) {
      const answer = await b.call('GET', `/api/v2/documents/${exportId}`, { headers });
      status = answer.json<{ data: { status: string } }>().data.status;
      if (status === 'completed' || status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('completed');
    const database = await data.open();
    try {
      const jobs = await database.db
        .withTables<{
          jobs: { name: string; singleton_key: string | null; attempt: number; state: string };
        }>()
        .selectFrom('jobs')
        .select(['state', 'attempt'])
        .where('name', '=', 'documents.generate')
        .where('singleton_key', '=', exportId)
        .execute();
      expect(jobs).toEqual([{ state: 'completed', attempt: 1 }]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
