import { join } from 'node:path';
import { repoRoot } from '../../scripts/front-end-builds.mjs';
import {
  type ApiBenchOptions,
  adviserSession,
  consentingClientIds,
  prepareData,
  request,
} from './api-benchmarks.ts';
import { residentMiB, runScript, startPlatform, waitForRest } from './processes.ts';

const soakAdvisersScript = join(repoRoot, 'apps/platform/src/security/soak-advisers.ts');

export interface SoakResult {
  advisers: number;
  seconds: number;
  requests: number;
  errors: number;
  /** Changes the server answered 200 to. */
  acknowledgedWrites: number;
  /**
   * Acknowledged changes not in the database afterwards: fewer audit rows of the advisers' changes
   * (each written in its change's transaction) than acknowledgements, plus last changes of a
   * transaction whose memo is not what was last acknowledged.
   */
  lostWrites: number;
  /** Acknowledged changes missing from the client's page of transactions read afterwards (a page kept too long). */
  staleReads: number;
  /**
   * Resident memory of the server: before the load, after it, its peak, and the mean of each
   * quarter of the load's samples (flat means those stop growing, not that they equal the start: the
   * young generation and the embedded engine's heap grow to what the load needs). A mean rather than
   * one sample: the young generation (64 MB semi-spaces) swings the resident size by 100 MB and more
   * between two collections, so one sample at a quarter's end read a rise or a fall by chance.
   */
  memoryMiB: { start: number; end: number; peak: number; quarters: number[] };
  /** The last quarter's memory within a tenth of the second's: grown to what the load needs, then stopped. */
  memoryFlat: boolean;
}

/**
 * `advisers` simulated advisers for `seconds`, each signed in as an adviser of their own (colleagues
 * in the practice with many clients, `soak-advisers.ts`) and acting on a client of their own: read a
 * page of transactions, change one transaction's memo (a client whose consent lets no one in:
 * list the clients instead). Afterwards, with the server stopped, every acknowledged change must be
 * in the database (its audit row, written in the change's own transaction, counted there), the
 * last memo of each transaction must read back, also in the page the platform keeps under the
 * client's data version: no error, no lost write, no stale page, memory flat.
 */
export async function runSoak(
  options: Pick<ApiBenchOptions, 'port' | 'clients' | 'transactions' | 'databaseUrl'> & {
    advisers: number;
    seconds: number;
  },
): Promise<SoakResult> {
  const data = await prepareData({ ...options, duration: 0, connections: 0 });
  const emails = (
    await runScript(
      soakAdvisersScript,
      ['prepare', '--count', String(options.advisers), '--colleague-of', data.manyClientsAdviser],
      data.env,
    )
  )
    .trim()
    .split('\n')
    .slice(-options.advisers);
  const platform = await startPlatform(options.port, data.env);
  const base = `http://127.0.0.1:${options.port}`;
  try {
    // The work of its start (the day's goal progress on data kept from an earlier day) done first:
    // the memory read before the load is the process at rest, and on PostgreSQL no statement of it
    // still running there.
    await waitForRest(platform.process.pid, { database: data.env.DATABASE_URL });
    const sessions: Record<string, string>[] = [];
    for (let next = 0; next < emails.length; next += 8)
      sessions.push(
        ...(await Promise.all(
          emails.slice(next, next + 8).map((email) => adviserSession(base, options.port, email)),
        )),
      );
    // Advisers act on clients whose consent lets them in (the others answer 404, as they should).
    const clientIds = await consentingClientIds(base, sessions[0] ?? {}, options.advisers);
    const start = residentMiB(platform.process.pid);
    const samples: number[] = [];
    const sampler = setInterval(() => {
      samples.push(residentMiB(platform.process.pid));
    }, 500);
    const lastAcknowledged = new Map<string, { headers: Record<string, string>; memo: string }>();
    let acknowledgedWrites = 0;
    let requests = 0;
    let errors = 0;
    // A second early: the database's clock and this process's are the same machine's.
    const loadStarted = new Date(Date.now() - 1000);
    const deadline = Date.now() + options.seconds * 1000;
    const adviser = async (index: number) => {
      const session = sessions[index] as Record<string, string>;
      const clientId = clientIds[index % Math.max(1, clientIds.length)];
      const headers = { ...session, 'x-user-id': String(clientId) };
      for (let round = 0; Date.now() < deadline; round += 1) {
        const page = await request(`${base}/api/v2/transactions?size=20`, { headers });
        requests += 1;
        // A client whose consent is not active is answered 404: that adviser only reads the list.
        if (page.status === 404) {
          const list = await request(`${base}/api/adviser/users?size=20`, { headers: session });
          requests += 1;
          if (list.status !== 200) errors += 1;
          continue;
        }
        if (page.status !== 200) {
          if (errors === 0) console.error(`soak: ${page.status} ${page.body.slice(0, 300)}`);
          errors += 1;
          continue;
        }
        const transactions = (JSON.parse(page.body) as { data: { id: number; budget_category: string }[] })
          .data;
        // Each round changes the next of the page's transactions, so that many are changed.
        const transaction = transactions[round % Math.max(1, transactions.length)];
        if (!transaction) continue;
        const memo = `soak ${index} ${round}`;
        const put = await request(`${base}/api/v2/transactions/${transaction.id}`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ budget_category: transaction.budget_category, memo }),
        });
        requests += 1;
        if (put.status === 200) {
          acknowledgedWrites += 1;
          lastAcknowledged.set(`${clientId}/${transaction.id}`, { headers, memo });
        } else errors += 1;
      }
    };
    await Promise.all(Array.from({ length: options.advisers }, (_, index) => adviser(index)));
    clearInterval(sampler);
    let lostWrites = 0;
    let staleReads = 0;
    for (const [key, { headers, memo }] of lastAcknowledged) {
      const id = key.split('/')[1];
      const read = await request(`${base}/api/v2/transactions/${id}`, { headers });
      if (!read.body.includes(JSON.stringify(memo))) lostWrites += 1;
      // The same page the adviser read during the load, which it may have kept since.
      const page = await request(`${base}/api/v2/transactions?size=20`, { headers });
      if (!page.body.includes(JSON.stringify(memo))) staleReads += 1;
    }
    const end = residentMiB(platform.process.pid);
    await platform.stop();
    const audited = Number(
      (await runScript(soakAdvisersScript, ['count', '--since', loadStarted.toISOString()], data.env))
        .trim()
        .split('\n')
        .at(-1),
    );
    lostWrites += Math.max(0, acknowledgedWrites - audited);
    const quarters = [0, 1, 2, 3].map((quarter) => {
      const part = samples.slice(
        Math.floor((samples.length * quarter) / 4),
        Math.floor((samples.length * (quarter + 1)) / 4),
      );
      return part.length === 0 ? start : part.reduce((sum, mib) => sum + mib, 0) / part.length;
    });
    return {
      advisers: options.advisers,
      seconds: options.seconds,
      requests,
      errors,
      acknowledgedWrites,
      lostWrites,
      staleReads,
      memoryMiB: { start, end, peak: Math.max(start, ...samples), quarters },
      memoryFlat: (quarters[3] ?? start) <= (quarters[1] ?? start) * 1.1,
    };
  } finally {
    await platform.stop();
    await data.cleanUp();
  }
}
