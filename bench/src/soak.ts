import {
  type ApiBenchOptions,
  adviserSession,
  consentingClientIds,
  prepareData,
  request,
} from './api-benchmarks.ts';
import { residentMiB, startPlatform } from './processes.ts';

export interface SoakResult {
  advisers: number;
  seconds: number;
  requests: number;
  errors: number;
  acknowledgedWrites: number;
  lostWrites: number;
  /** Acknowledged changes missing from the client's page of transactions read afterwards (a page kept too long). */
  staleReads: number;
  /**
   * Resident memory of the server: before the load, after it, its peak, and at the end of each
   * quarter of the load (flat means those stop growing, not that they equal the start: the young
   * generation and the embedded engine's heap grow to what the load needs).
   */
  memoryMiB: { start: number; end: number; peak: number; quarters: number[] };
}

/**
 * `advisers` simulated advisers for `seconds`, each on a client of its own: list the clients, read a
 * page of transactions, change one transaction's memo. Afterwards every acknowledged change must be
 * in the database (read back through the API), and in the page of transactions, which the platform
 * keeps under the client's data version: no error, no lost write, no stale page, memory flat.
 */
export async function runSoak(
  options: Pick<ApiBenchOptions, 'port' | 'clients' | 'transactions' | 'databaseUrl'> & {
    advisers: number;
    seconds: number;
  },
): Promise<SoakResult> {
  const data = await prepareData({ ...options, duration: 0, connections: 0 });
  const platform = await startPlatform(options.port, data.env);
  const base = `http://127.0.0.1:${options.port}`;
  try {
    const session = await adviserSession(base, options.port, data.manyClientsAdviser);
    // Advisers act on clients whose consent lets them in (the others answer 404, as they should).
    const clientIds = await consentingClientIds(base, session, options.advisers);
    const start = residentMiB(platform.process.pid);
    const samples: number[] = [];
    const sampler = setInterval(() => {
      samples.push(residentMiB(platform.process.pid));
    }, 500);
    const acknowledged = new Map<string, { headers: Record<string, string>; memo: string }>();
    let requests = 0;
    let errors = 0;
    const deadline = Date.now() + options.seconds * 1000;
    const adviser = async (index: number) => {
      const clientId = clientIds[index % Math.max(1, clientIds.length)];
      const headers = { ...session, 'x-user-id': String(clientId) };
      for (let round = 0; Date.now() < deadline; round += 1) {
        const page = await request(`${base}/api/v2/transactions?size=20`, { headers });
        requests += 1;
        // A client whose consent is not active is answered 404: that adviser only reads the list.
        if (page.status === 404) {
          await request(`${base}/api/adviser/users?size=20`, { headers: session });
          requests += 1;
          continue;
        }
        if (page.status !== 200) {
          if (errors === 0) console.error(`soak: ${page.status} ${page.body.slice(0, 300)}`);
          errors += 1;
          continue;
        }
        const transaction = (JSON.parse(page.body) as { data: { id: number; budget_category: string }[] })
          .data[0];
        if (!transaction) continue;
        const memo = `soak ${index} ${round}`;
        const put = await request(`${base}/api/v2/transactions/${transaction.id}`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ budget_category: transaction.budget_category, memo }),
        });
        requests += 1;
        if (put.status === 200) acknowledged.set(`${clientId}/${transaction.id}`, { headers, memo });
        else errors += 1;
      }
    };
    await Promise.all(Array.from({ length: options.advisers }, (_, index) => adviser(index)));
    clearInterval(sampler);
    let lostWrites = 0;
    let staleReads = 0;
    for (const [key, { headers, memo }] of acknowledged) {
      const id = key.split('/')[1];
      const read = await request(`${base}/api/v2/transactions/${id}`, { headers });
      if (!read.body.includes(JSON.stringify(memo))) lostWrites += 1;
      // The same page the adviser read during the load, which it may have kept since.
      const page = await request(`${base}/api/v2/transactions?size=20`, { headers });
      if (!page.body.includes(JSON.stringify(memo))) staleReads += 1;
    }
    return {
      advisers: options.advisers,
      seconds: options.seconds,
      requests,
      errors,
      acknowledgedWrites: acknowledged.size,
      lostWrites,
      staleReads,
      memoryMiB: {
        start,
        end: residentMiB(platform.process.pid),
        peak: Math.max(start, ...samples),
        quarters: [1, 2, 3, 4].map(
          (quarter) => samples[Math.max(0, Math.ceil((samples.length * quarter) / 4) - 1)] ?? start,
        ),
      },
    };
  } finally {
    await platform.stop();
    await data.cleanUp();
  }
}
