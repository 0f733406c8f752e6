import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { repoRoot } from '../../scripts/front-end-builds.mjs';
import { cpuMillis, residentMiB, runScript, startBaseline, startPlatform, waitForRest } from './processes.ts';
import { type LoadFigures, runWrk } from './wrk.ts';

export interface ApiBenchOptions {
  /** Set: a PostgreSQL server; the bench makes (and drops) a database of its own on it. */
  databaseUrl?: string;
  port: number;
  clients: number;
  transactions: number;
  /** Seconds per endpoint. */
  duration: number;
  connections: number;
  /** Extra environment of the platform (e.g. DATABASE_PREPARED_STATEMENTS=off), and how the report names it. */
  platformEnv?: Record<string, string>;
  /** Node flags in place of the platform's own (scripts/platform-command.mjs). */
  nodeFlags?: string[];
  variant?: string;
  /** Also load each endpoint as the portal's browser asks for it: compressed (`browserAcceptEncoding`). */
  asBrowserToo?: boolean;
  /**
   * Also load each endpoint with one connection: one adviser's requests one after another, where
   * nothing waits to share a statement and each request's own cost is its latency.
   */
  oneAtATime?: boolean;
  /**
   * What sends the load: autocannon (the issue's, the default) or wrk (bench/src/wrk.ts), which
   * reads the answers without decoding them. The warm-ups are autocannon's either way.
   */
  loadGenerator?: 'autocannon' | 'wrk';
}

/** What the portal's browser (Chromium) sends with every request: the API's answers come compressed. */
export const browserAcceptEncoding = 'gzip, deflate, br, zstd';

export interface EndpointFigure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /**
   * With wrk, its own p99: the histogram with its correction for coordinated omission, which the
   * closed-loop p99 above takes off (bench/src/wrk.ts, `wrkScript`).
   */
  p99Corrected?: number;
  errors: number;
  non2xx: number;
  /** The baseline server sending this endpoint's own answer (the same bytes) from memory: the ceiling for its size. */
  sameAnswerFromMemory?: EndpointFigure;
  /**
   * The bare Fastify's hello world measured right before this endpoint: the machine's state at that
   * moment (a shared machine's load drifts during a run), which the endpoint's ratio is taken to.
   */
  adjacentBaseline?: EndpointFigure;
  /** The answer's size as sent, and its `content-encoding` when it was compressed. */
  answerBytes?: number;
  answerEncoding?: string;
  /** The same endpoint loaded with one connection (`oneAtATime`). */
  oneAtATime?: EndpointFigure;
  /**
   * The server process's CPU time a request during the load, in microseconds (`cpuMillis`): what
   * the request costs that process whatever the load generator and the machine's other guests
   * take. PGlite runs inside the platform's process, PostgreSQL in its own, which is not counted.
   * Requests still running when the count starts or ends roughly cancel out.
   */
  cpuMicros?: number;
  /**
   * Of that, the main thread's (`cpuMillis` with `mainThread`): the event loop every request
   * passes through, so one request a second more needs this much of one core more. The rest is
   * other threads' (PGlite's worker, compression and file-system pools, the garbage collector's helpers).
   */
  mainThreadCpuMicros?: number;
}

export interface ApiBenchResult {
  /** 'PGlite' or 'PostgreSQL', with the variant when there is one. */
  engine: string;
  baseline: EndpointFigure;
  /** The hello world loaded with one connection, when the endpoints were too (`oneAtATime`). */
  baselineOneAtATime?: EndpointFigure;
  endpoints: EndpointFigure[];
  memory: { restMiB: number; peakMiB: number };
  prepareSeconds: number;
  /**
   * How long the platform worked after it started before it came to rest (`waitForRest`), and
   * whether it did: the loads start only then.
   */
  startUpWork: { seconds: number; atRest: boolean; gone?: true };
}

const password = 'Waratah-Demo-Adviser-2026';
const host = (port: number) => `moneypartner.localhost:${port}`;

/** Prepares (or reuses) the data, then loads each endpoint and the baseline in turn, in one run. */
export async function runApiBenchmarks(options: ApiBenchOptions): Promise<ApiBenchResult> {
  const prepareStarted = performance.now();
  const data = await prepareData(options);
  const prepareSeconds = (performance.now() - prepareStarted) / 1000;
  const platform = await startPlatform(
    options.port,
    { ...data.env, ...options.platformEnv },
    { nodeFlags: options.nodeFlags },
  );
  const baseline = await startBaseline(options.port + 1);
  try {
    const base = `http://127.0.0.1:${options.port}`;
    const heavy = await adviserSession(base, options.port, data.heavyAdviser);
    const many = await adviserSession(base, options.port, data.manyClientsAdviser);
    const heavyClient = await firstClientId(base, heavy);
    const onBehalf = { ...heavy, 'x-user-id': String(heavyClient) };
    // Scheduled jobs whose slot passed while the server was stopped run at its start (on data kept
    // from an earlier day, the day's goal progress of every client): loaded before they end, the
    // first endpoints shared the cores with them.
    const rest = await waitForRest(platform.process.pid, { database: data.env.DATABASE_URL });
    const restMiB = residentMiB(platform.process.pid);
    let peakMiB = restMiB;
    const sampler = setInterval(() => {
      peakMiB = Math.max(peakMiB, residentMiB(platform.process.pid));
    }, 250);
    try {
      const baseUrl = `http://127.0.0.1:${baseline.port}`;
      const helloPid = baseline.process.pid;
      const platformPid = platform.process.pid;
      const baselineFigure = await measure('bare Fastify hello world', `${baseUrl}/hello`, {}, options, {
        pid: helloPid,
      });
      const single = { ...options, connections: 1 };
      const oneAtATime = async (
        name: string,
        url: string,
        headers: Record<string, string>,
        rotating?: RotatingHeader,
      ) => {
        if (!options.oneAtATime) return undefined;
        const { answer: _answer, ...figure } = await measure(`${name}, one at a time`, url, headers, single, {
          rotating,
        });
        return figure;
      };
      const baselineOneAtATime = await oneAtATime('bare Fastify hello world', `${baseUrl}/hello`, {});
      const load = async (
        name: string,
        url: string,
        headers: Record<string, string>,
        rotating?: RotatingHeader,
      ) => {
        const { answer: _hello, ...adjacentBaseline } = await measure(
          `${name}: the hello world right before`,
          `${baseUrl}/hello`,
          {},
          options,
          { pid: helloPid },
        );
        const figure = await measure(name, url, headers, options, { rotating, pid: platformPid });
        // The same answer from memory (the same bytes, in the same encoding), measured right after
        // the endpoint, in the same run.
        const answer = `${baseUrl}/answers/${encodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '')}`;
        const stored = await request(answer, {
          method: 'PUT',
          headers: {
            'content-type': 'application/octet-stream',
            ...(figure.answerEncoding ? { 'x-answer-encoding': figure.answerEncoding } : {}),
          },
          body: figure.answer,
        });
        if (stored.status !== 204)
          throw new Error(`The baseline did not take the answer of ${name}: ${stored.status}`);
        const { answer: _replayed, ...fromMemory } = await measure(
          `${name}: the same answer from memory`,
          answer,
          {},
          options,
          { pid: helloPid },
        );
        const { answer: body, ...endpoint } = figure;
        return {
          ...endpoint,
          answerBytes: body.length,
          sameAnswerFromMemory: fromMemory,
          adjacentBaseline,
          oneAtATime: await oneAtATime(name, url, headers, rotating),
        };
      };
      // The others load one client's answer, so that the requests waiting together share one
      // access decision (`distinctRows`); here no two do, as with many advisers each on a client.
      const rotatingClients = { name: 'x-user-id', values: await consentingClientIds(base, many, 100) };
      const loads: [name: string, url: string, headers: Record<string, string>, rotating?: RotatingHeader][] =
        [
          [
            `GET transactions (page of 100, client with ${options.transactions.toLocaleString('en-AU')} transactions)`,
            `${base}/api/v2/transactions?size=100`,
            onBehalf,
          ],
          [
            `GET transactions (page of 20, a different client each request, ${rotatingClients.values.length} in turn)`,
            `${base}/api/v2/transactions?size=20`,
            { ...many, 'x-user-id': rotatingClients.values[0] ?? '' },
            rotatingClients,
          ],
          [
            `GET adviser client list (${options.clients.toLocaleString('en-AU')} clients)`,
            `${base}/api/adviser/users`,
            many,
          ],
          ['GET financialpassport', `${base}/api/v2/financialpassport`, onBehalf],
          ['GET transactions/summary', `${base}/api/v2/transactions/summary`, onBehalf],
        ];
      const endpoints: EndpointFigure[] = [];
      for (const [name, url, headers, rotating] of loads) {
        endpoints.push(await load(name, url, headers, rotating));
        if (options.asBrowserToo)
          endpoints.push(
            await load(
              `${name}, as the portal’s browser asks (compressed)`,
              url,
              { ...headers, 'accept-encoding': browserAcceptEncoding },
              rotating,
            ),
          );
      }
      return {
        engine: `${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}${options.variant ? ` (${options.variant})` : ''}`,
        baseline: (({ answer: _answer, ...figure }) => figure)(baselineFigure),
        baselineOneAtATime,
        endpoints,
        memory: { restMiB, peakMiB },
        prepareSeconds,
        startUpWork: {
          seconds: rest.waitedMs / 1000,
          atRest: rest.atRest,
          ...(rest.gone && { gone: rest.gone }),
        },
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await baseline.stop();
    await platform.stop();
    await data.cleanUp();
  }
}

/** A header whose value changes from one request to the next, in turn through `values`. */
interface RotatingHeader {
  name: string;
  values: readonly string[];
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  { duration, connections, loadGenerator = 'autocannon' }: ApiBenchOptions,
  { rotating, pid }: { rotating?: RotatingHeader | undefined; pid?: number | undefined } = {},
): Promise<EndpointFigure & { answer: Buffer }> {
  // Every request of the load takes the next value, whichever connection sends it.
  let next = 0;
  const requests: autocannon.Request[] | undefined = rotating && [
    {
      setupRequest: (outgoing) => {
        const value = rotating.values[next++ % rotating.values.length] ?? '';
        return { ...outgoing, headers: { ...outgoing.headers, [rotating.name]: value } };
      },
    },
  ];
  // Each value's first answer is computed and then kept: ask each once before the load. (The
  // figure's answer, and its replay from memory, are the first value's.)
  for (const value of rotating?.values ?? []) {
    const each = await request(url, { headers: { ...headers, [rotating?.name ?? '']: value } });
    if (each.status !== 200) throw new Error(`${name}, ${value}: ${each.status} ${each.body.slice(0, 300)}`);
  }
  // One request alone first: it waits behind whatever the previous load left queued, and it must succeed.
  const single = await request(url, { headers });
  if (single.status !== 200) throw new Error(`${name}: ${single.status} ${single.body.slice(0, 300)}`);
  // Asked for compressed, an answer of any size worth it must come compressed.
  if (headers['accept-encoding'] && single.bytes.length >= 1024 && !single.headers['content-encoding'])
    throw new Error(
      `${name}: ${single.bytes.length} bytes sent uncompressed to a caller that accepts ${headers['accept-encoding']}`,
    );
  // A short warm-up, so the first JIT and cache misses do not count.
  await autocannon({ url, headers, connections: 10, duration: 1, ...(requests ? { requests } : {}) });
  const cpuBefore = cpuMillis(pid);
  const mainThreadBefore = cpuMillis(pid, { mainThread: true });
  const result: LoadFigures =
    loadGenerator === 'wrk'
      ? await runWrk({ url, headers, connections, duration, rotating })
      : autocannonFigures(
          await autocannon({
            url,
            headers,
            connections,
            duration,
            timeout: 30,
            ...(requests ? { requests } : {}),
          }),
        );
  const cpuMicros = ((cpuMillis(pid) - cpuBefore) * 1000) / result.total;
  const mainThreadCpuMicros =
    ((cpuMillis(pid, { mainThread: true }) - mainThreadBefore) * 1000) / result.total;
  await request(url, { headers });
  return {
    name,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    ...(result.p99Corrected !== undefined && { p99Corrected: result.p99Corrected }),
    errors: result.errors,
    non2xx: result.non2xx,
    answer: single.bytes,
    answerEncoding: single.headers['content-encoding'] as string | undefined,
    ...(Number.isFinite(cpuMicros) && { cpuMicros }),
    ...(Number.isFinite(mainThreadCpuMicros) && { mainThreadCpuMicros }),
  };
}

function autocannonFigures(result: autocannon.Result): LoadFigures {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function adviserSession(
  base: string,
  port: number,
  email: string,
): Promise<Record<string, string>> {
  const response = await request(`${base}/oauth/admin/token`, {
    method: 'POST',
    headers: { host: host(port), 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: email,
      password,
      client_id: 'moneypartner-adviser-portal',
      domain: 'moneypartner.com.au',
      scope: '',
    }),
  });
  if (response.status !== 200)
    throw new Error(`Sign-in of ${email} failed: ${response.status} ${response.body}`);
  const { access_token: token } = JSON.parse(response.body) as { access_token: string };
  return { host: host(port), authorization: `Bearer ${token}` };
}

async function firstClientId(base: string, headers: Record<string, string>): Promise<number> {
  const response = await request(`${base}/api/adviser/users`, { headers });
  const body = JSON.parse(response.body) as { data?: { id: number }[] };
  const id = body.data?.[0]?.id;
  if (!id) throw new Error(`The heavy adviser has no client: ${JSON.stringify(body).slice(0, 300)}`);
  return id;
}

/** Up to `count` of the adviser's clients whose consent lets it read their data. */
export async function consentingClientIds(
  base: string,
  headers: Record<string, string>,
  count: number,
): Promise<string[]> {
  // In use, then active: a client's first read marks an active consent in use, and the PGlite data
  // is kept from one run to the next. Asked for by status: a first page of the list, sorted by
  // name, may hold none of either.
  const ids: string[] = [];
  for (const status of ['in_use', 'active']) {
    const response = await request(`${base}/api/adviser/users?size=${count}&consent_status=${status}`, {
      headers,
    });
    if (response.status !== 200)
      throw new Error(`The client list answered ${response.status}: ${response.body.slice(0, 200)}`);
    const body = JSON.parse(response.body) as { data?: { id: number }[] };
    ids.push(...(body.data ?? []).map((client) => String(client.id)));
  }
  if (ids.length === 0) throw new Error('The adviser with many clients has none with an active consent');
  return ids.slice(0, count);
}

interface PreparedData {
  env: Record<string, string>;
  heavyAdviser: string;
  manyClientsAdviser: string;
  cleanUp(): Promise<void>;
}

/** The code that writes the benchmarks' data: a change to it seeds the kept PGlite data afresh. */
const seedSources = [
  'apps/platform/scripts/seed.ts',
  'apps/platform/src/security/prepare-heavy-client.ts',
  'apps/platform/src/demo-data/write-demo-clients.ts',
  'apps/platform/src/demo-data/generate-demo-tenant.ts',
];

/**
 * The adviser with many clients (the platform's `npm run seed`) and the client with many
 * transactions. On PGlite the data dir is kept in the temporary directory and reused by later runs
 * of the same size; on PostgreSQL a fresh database is made on the server and dropped afterwards.
 */
export async function prepareData(options: ApiBenchOptions): Promise<PreparedData> {
  const seedScript = join(repoRoot, 'apps/platform/scripts/seed.ts');
  const heavyScript = join(repoRoot, 'apps/platform/src/security/prepare-heavy-client.ts');
  const args = {
    seed: ['--clients', String(options.clients), '--months', '1', '--chunk', '500'],
    heavy: ['--transactions', String(options.transactions)],
  };
  if (options.databaseUrl) {
    const name = `waratah_bench_${Date.now().toString(36)}`;
    await asAdmin(options.databaseUrl, `create database ${name}`);
    const url = new URL(options.databaseUrl);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString() };
    const seeded = await runScript(seedScript, args.seed, env);
    const heavy = await runScript(heavyScript, args.heavy, env);
    // As autovacuum would soon after a bulk load, before the load rather than during it: the plans
    // see the heavy client's size, and no vacuum of the new rows competes with the measurement.
    await asAdmin(url.toString(), 'vacuum analyze');
    return {
      env,
      heavyAdviser: lastLine(heavy),
      manyClientsAdviser: seededAdviser(seeded),
      cleanUp: () => asAdmin(options.databaseUrl as string, `drop database if exists ${name} with (force)`),
    };
  }
  // Keyed by the migrations and the seeds' own code too: data seeded under another schema history,
  // or by a seed that wrote it otherwise, is not reused.
  const hash = createHash('sha256').update(
    readdirSync(join(repoRoot, 'apps/platform/src/db/migrations')).sort().join(','),
  );
  for (const file of seedSources) hash.update(readFileSync(join(repoRoot, file)));
  const key = hash.digest('hex').slice(0, 8);
  const sized = `-${options.clients}-${options.transactions}`;
  const dataDir = join(tmpdir(), `waratah-bench-data-${key}${sized}`);
  const marker = join(dataDir, 'bench-advisers.json');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  if (!existsSync(marker)) {
    // The same size's data of an earlier schema or seed is never read again.
    for (const entry of readdirSync(tmpdir())) {
      if (entry.startsWith('waratah-bench-data-') && entry.endsWith(sized) && entry !== basename(dataDir))
        rmSync(join(tmpdir(), entry), { recursive: true, force: true });
    }
    mkdirSync(dataDir, { recursive: true });
    const seeded = await runScript(seedScript, args.seed, env);
    const heavy = await runScript(heavyScript, args.heavy, env);
    writeFileSync(
      marker,
      JSON.stringify({ heavyAdviser: lastLine(heavy), manyClientsAdviser: seededAdviser(seeded) }),
    );
  }
  const advisers = JSON.parse(readFileSync(marker, 'utf8')) as {
    heavyAdviser: string;
    manyClientsAdviser: string;
  };
  return { env, ...advisers, cleanUp: async () => undefined };
}

/**
 * fetch() may not set Host, which names the tenant here; node:http may. The answer comes as it was
 * sent (`bytes`, compressed if it was) and, for reading, as text.
 */
export function request(
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; body: string; bytes: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            body: bytes.toString('utf8'),
            bytes,
            headers: response.headers,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

function lastLine(output: string): string {
  return output.trim().split('\n').at(-1)?.trim() ?? '';
}

function seededAdviser(output: string): string {
  const email = /sign in as (\S+) \(password/.exec(output)?.[1];
  if (!email) throw new Error(`The seed script did not name its adviser:\n${output.slice(-1000)}`);
  return email;
}

async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
