import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFaultData,
  expectUnavailable,
  type ServerProcess,
  until,
} from './testing/fault-server.ts';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.ts';

// Long enough for the job queue to fail several polls and for idle pool connections to be noticed.
const outageMs = 4_000;
const statementLimitSeconds = 2;
// A request during a stall waits for at most the statement limit, or the pool's 5 s connect timeout.
const stalledAnswerBoundMs = 5_000 + 3_000;

/**
 * PostgreSQL stopped and started again, or not answering for a while, under a running server
 * (docs/reliability.md): the real server as a child process, its database behind a TCP relay the
 * test cuts (every connection closed, new ones refused, as a stopped or restarting PostgreSQL does)
 * or stalls (nothing crosses, nothing closes, as behind a network partition), then restores. On
 * PGlite there is no server to stop: skipped.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL down or not answering, then back', () => {
  let data: Awaited<ReturnType<typeof createFaultData>>;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let headers: Record<string, string>;

  beforeAll(async () => {
    data = await createFaultData();
    const direct = new URL(data.databaseUrl ?? '');
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const relayed = new URL(direct);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(proxy.port);
    // A statement unanswered for 2 s fails (DATABASE_STATEMENT_TIMEOUT_SECONDS; 30 by default).
    server = await data.start(undefined, {
      DATABASE_URL: relayed.toString(),
      DATABASE_STATEMENT_TIMEOUT_SECONDS: String(statementLimitSeconds),
    });
    headers = await data.signIn();
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await data?.remove();
  });

  const transactions = () => call(data.port, 'GET', '/api/v2/transactions?size=5', { headers });

  /** Milliseconds until a read succeeds again; then five more must. */
  async function servingAgain(): Promise<number> {
    const back = Date.now();
    await until(
      'a read to succeed again',
      async () => ((await transactions()).status === 200 ? true : undefined),
      { withinMs: 30_000, server },
    );
    const recoveryMs = Date.now() - back;
    for (let request = 0; request < 5; request += 1) expect((await transactions()).status).toBe(200);
    return recoveryMs;
  }

  it('answers 503 with Retry-After while it is down, stays up, and serves and runs jobs again once it is back', async () => {
    const first = await transactions();
    expect(first.status, first.body).toBe(200);
    const [transaction] = first.json<{ data: { id: number; budget_category: string }[] }>().data;
    if (!transaction) throw new Error('the client has no transaction');

    await proxy.cut();
    const downSince = Date.now();
    const during: number[] = [];
    while (Date.now() - downSince < outageMs) {
      const read = await transactions();
      during.push(read.status);
      expectUnavailable(read);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const write = await call(data.port, 'PUT', `/api/v2/transactions/${transaction.id}`, {
      headers,
      body: { budget_category: transaction.budget_category, memo: 'written while the database was down' },
    });
    expect(write.status, write.body).toBe(503);
    const signIn = await call(data.port, 'POST', '/oauth/admin/token', {
      headers: { host: headers.host ?? '' },
      body: { grant_type: 'refresh_token', refresh_token: 'any', client_id: 'moneypartner-adviser-portal' },
    });
    expect([signIn.status, signIn.json<{ error: string }>().error]).toEqual([503, 'temporarily_unavailable']);
    // The process is alive and says so: its health check needs no database.
    expect((await call(data.port, 'GET', '/healthz')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(during.length).toBeGreaterThan(3);

    await proxy.restore();
    const recoveryMs = await servingAgain();

    // Nothing of the refused write was kept; the same write now is.
    const memo = 'written once the database was back';
    const rewrite = await call(data.port, 'PUT', `/api/v2/transactions/${transaction.id}`, {
      headers,
      body: { budget_category: transaction.budget_category, memo },
    });
    expect(rewrite.status, rewrite.body).toBe(200);
    const reread = await call(data.port, 'GET', `/api/v2/transactions/${transaction.id}`, { headers });
    expect(reread.json<{ data: { memo: string } }>().data.memo).toBe(memo);
    expect(await data.signIn()).toMatchObject({ authorization: expect.stringMatching(/^Bearer /) });

    // The job queue, which failed its polls during the outage, takes a new job.
    const requested = await call(data.port, 'POST', '/api/v2/accounts/summary', { headers, body: {} });
    expect(requested.status, requested.body).toBe(202);
    const exportId = requested.json<{ data: { id: string } }>().data.id;
    const done = await until(
      'the document job to settle',
      async () => {
        const answer = await call(data.port, 'GET', `/api/v2/documents/${exportId}`, { headers });
        const found = answer.json<{ data: { status: string; error: string | null } }>().data;
        return found.status === 'completed' || found.status === 'failed' ? found : undefined;
      },
      { withinMs: 60_000, server },
    );
    expect(done).toEqual({ ...done, status: 'completed', error: null });
    console.log(
      `PostgreSQL outage of ${outageMs} ms: ${during.length} reads answered 503; served again ${recoveryMs} ms after it came back`,
    );
    expect(server.child.exitCode).toBeNull();
  }, 240_000);

  it('answers 503 within the statement limit while it stops answering (a partition), and serves again after', async () => {
    expect((await transactions()).status).toBe(200);
    proxy.stall();
    const waits: number[] = [];
    try {
      for (let request = 0; request < 3; request += 1) {
        const started = Date.now();
        const read = await transactions();
        waits.push(Date.now() - started);
        expectUnavailable(read);
        expect(waits.at(-1)).toBeLessThan(stalledAnswerBoundMs);
      }
      expect((await call(data.port, 'GET', '/healthz')).status).toBe(200);
    } finally {
      proxy.resume();
    }
    const recoveryMs = await servingAgain();
    console.log(
      `PostgreSQL stalled: reads answered 503 after ${waits.join(', ')} ms; served again ${recoveryMs} ms after it answered again`,
    );
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
