import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { adviserSession, request } from './api-benchmarks.ts';
import { startPlatform, waitForRest } from './processes.ts';

/**
 * Latency at data scale (issue 10): the platform in production mode over a PostgreSQL database
 * already seeded to millions of transactions (`npm run seed -- --clients 24500 --months 12`, about
 * 10 million; docs/benchmarks.md), then p50/p99 of the hot reads. The database is only read (and
 * the audit log written): it is kept for the next run, since seeding it takes a quarter of an hour.
 */
export interface ScaleLatencyOptions {
  databaseUrl: string;
  port: number;
  /** Seconds per endpoint. */
  duration: number;
  connections: number;
}

export interface ScaleFigure {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  failures: number;
}

export interface ScaleLatencyResult {
  transactions: number;
  clients: number;
  clientTransactions: number;
  figures: ScaleFigure[];
}

export async function runScaleLatency(options: ScaleLatencyOptions): Promise<ScaleLatencyResult> {
  const facts = await scaleFacts(options.databaseUrl);
  const platform = await startPlatform(options.port, { DATABASE_URL: options.databaseUrl });
  try {
    // The database is kept between runs: a new day's goal progress runs at the start, first.
    await waitForRest(platform.process.pid, { database: options.databaseUrl });
    const base = `http://127.0.0.1:${options.port}`;
    const adviser = await adviserSession(base, options.port, facts.adviserEmail);
    const onBehalf = { ...adviser, 'x-user-id': String(facts.clientId) };
    const endpoints: [string, string, Record<string, string>][] = [
      ['GET transactions (page of 100)', '/api/v2/transactions?size=100', onBehalf],
      [
        'GET transactions (page of 100, text search)',
        '/api/v2/transactions?size=100&search_term=woolworths',
        onBehalf,
      ],
      [
        `GET adviser client list (${facts.adviserClients.toLocaleString('en-AU')} clients)`,
        '/api/adviser/users',
        adviser,
      ],
      ['GET adviser client list, name search', '/api/adviser/users?search=smith', adviser],
      ['GET transactions/summary (monthly)', '/api/v2/transactions/summary?period=monthly', onBehalf],
      [
        'GET reports/transactions/budget_categories',
        '/api/v2/reports/transactions/budget_categories',
        onBehalf,
      ],
      ['GET financialpassport', '/api/v2/financialpassport', onBehalf],
    ];
    const figures: ScaleFigure[] = [];
    for (const [name, path, headers] of endpoints) {
      const url = `${base}${path}`;
      const first = await request(url, { headers });
      if (first.status !== 200) throw new Error(`${name}: ${first.status} ${first.body.slice(0, 300)}`);
      await autocannon({ url, headers, connections: 2, duration: 1 });
      const result = await autocannon({
        url,
        headers,
        connections: options.connections,
        duration: options.duration,
        timeout: 30,
      });
      figures.push({
        name,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        failures: result.errors + result.timeouts + result.non2xx,
      });
    }
    return {
      transactions: facts.transactions,
      clients: facts.clients,
      clientTransactions: facts.clientTransactions,
      figures,
    };
  } finally {
    await platform.stop();
  }
}

/** The adviser with the most clients and, among them, a client with a typical number of transactions. */
async function scaleFacts(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Estimates: counting ten million rows exactly would take longer than the whole measurement.
    const sizes = await client.query<{ transactions: string; clients: string }>(
      `select (select reltuples::bigint from pg_class where relname = 'transactions') as transactions,
              (select reltuples::bigint from pg_class where relname = 'clients') as clients`,
    );
    const adviser = await client.query<{ email: string; party: number; clients: number }>(
      `select u.email, l.external_party_id as party, count(*)::int as clients
       from client_links l join admin_users u on u.external_party_id = l.external_party_id
       where u.kind = 'adviser' and u.status = 'active' and u.tenant_id = 'moneypartner'
       group by u.email, l.external_party_id order by count(*) desc, u.email limit 1`,
    );
    const chosen = adviser.rows[0];
    if (!chosen) throw new Error('The database has no adviser with clients: seed it first (npm run seed)');
    const typical = await client.query<{ id: number; count: number }>(
      `select l.client_id as id, (select sum(transaction_count)::int from transaction_month_totals m
         where m.client_id = l.client_id) as count
       from client_links l where l.external_party_id = $1 and l.consent_status in ('active', 'in_use')
         and l.consent_expiry > now()
       order by l.client_id limit 1`,
      [chosen.party],
    );
    const picked = typical.rows[0];
    if (!picked) throw new Error(`${chosen.email} has no client with an active consent`);
    return {
      transactions: Number(sizes.rows[0]?.transactions ?? 0),
      clients: Number(sizes.rows[0]?.clients ?? 0),
      adviserEmail: chosen.email,
      adviserClients: chosen.clients,
      clientId: picked.id,
      clientTransactions: picked.count ?? 0,
    };
  } finally {
    await client.end();
  }
}

/** Markdown rows for bench/results/latest.md. */
export function scaleRows(result: ScaleLatencyResult, options: ScaleLatencyOptions): string[] {
  const scale = `${(result.transactions / 1e6).toFixed(1)}M transactions, ${result.clients.toLocaleString('en-AU')} clients`;
  return result.figures.map(
    (figure) =>
      `| PostgreSQL at ${scale}: ${figure.name} (client with ${result.clientTransactions} transactions), ${options.connections} connections | p50 ${figure.p50} ms, p99 ${figure.p99} ms, ${figure.rps.toFixed(0)} req/s${figure.failures > 0 ? `, ${figure.failures} failures` : ''} | | p99 < 50 ms |`,
  );
}

// `BENCH_SCALE_DATABASE_URL=postgres://… npx tsx bench/src/scale-latency.ts`: this measurement alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.BENCH_SCALE_DATABASE_URL;
  if (!databaseUrl) throw new Error('Set BENCH_SCALE_DATABASE_URL to a seeded PostgreSQL database');
  const options = {
    databaseUrl,
    port: Number(process.env.BENCH_PORT ?? 18_080) + 40,
    duration: Number(process.env.BENCH_DURATION ?? 5),
    connections: Number(process.env.BENCH_SCALE_CONNECTIONS ?? 10),
  };
  for (const row of scaleRows(await runScaleLatency(options), options)) console.log(row);
}
