import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { ensureFrontEndBuilds, repoRoot } from '../../scripts/front-end-builds.mjs';
import { type ApiBenchResult, runApiBenchmarks } from './api-benchmarks.ts';
import { budgetBreaches, budgets, kib, measureBundle, overBudget, portalDist } from './bundle-budget.ts';
import { documentRows, runDocumentsBenchmarks } from './documents-bench.ts';
import { importRows, runImportsBenchmarks } from './imports-bench.ts';
import { lighthouseOptions, lighthouseRows, runLighthouse } from './lighthouse.ts';
import { measureBareNodeStart, measureColdStart } from './measure-cold-start.ts';
import { runResponseWritingBenchmarks } from './response-writing.ts';
import { runScaleLatency, scaleRows } from './scale-latency.ts';
import { runSoak } from './soak.ts';
import { median, percentile } from './stats.ts';
import { wrkAvailable } from './wrk.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 18_080);
const clients = Number(process.env.BENCH_CLIENTS ?? 10_000);
const transactions = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** Malformed requests to each operation of the OpenAPI document (CI sends 8). */
const fuzzRuns = Number(process.env.BENCH_FUZZ_RUNS ?? 100);
// The soak: a minute on each engine by default (the issue's 60 s); BENCH_SOAK_SECONDS=0 skips it.
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const soakAdvisers = Number(process.env.BENCH_SOAK_ADVISERS ?? 200);

ensureFrontEndBuilds();
const lines: string[] = [];
const report = (line: string) => {
  console.log(line);
  lines.push(line);
};

report(`# Benchmarks — ${new Date().toISOString()}`);
report('');
report(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
report('');
report('| figure | value | ratio | target |');
report('|---|---|---|---|');

// BENCH_ONLY=api,bundle runs only the steps named (the results then go to `partial.md`).
const steps = [
  'cold-start',
  'writers',
  'api',
  'scale',
  'bundle',
  'lighthouse',
  'fuzz',
  'soak',
  'documents',
  'imports',
] as const;
const only = process.env.BENCH_ONLY?.split(',')
  .map((step) => step.trim())
  .filter(Boolean);
const unknown = only?.filter((step) => !(steps as readonly string[]).includes(step)) ?? [];
if (unknown.length > 0) {
  console.error(`BENCH_ONLY: unknown step ${unknown.join(', ')}; the steps are ${steps.join(', ')}`);
  process.exit(2);
}
const wanted = (step: (typeof steps)[number]) => !only || only.includes(step);

if (wanted('cold-start')) await coldStart();
if (wanted('writers')) responseWriting();
// BENCH_API_ENGINES=postgres skips the embedded engine (its first seed: 41 s quiet, 20 min loaded).
const apiEngines = (process.env.BENCH_API_ENGINES ?? 'pglite,postgres').split(',').map((name) => name.trim());
// BENCH_API_VARIANTS=wrk,main-thread runs only the variants named after each engine's usual run
// (the keys below); unset, every one runs.
const apiVariantKeys = [
  'wrk',
  'worker-thread',
  'unprepared',
  'zod',
  'young-generation',
  'computed',
  'ungrouped',
] as const;
const onlyVariants = process.env.BENCH_API_VARIANTS?.split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const unknownVariants =
  onlyVariants?.filter((key) => !(apiVariantKeys as readonly string[]).includes(key)) ?? [];
if (unknownVariants.length > 0) {
  console.error(
    `BENCH_API_VARIANTS: unknown variant ${unknownVariants.join(', ')}; the variants are ${apiVariantKeys.join(', ')}`,
  );
  process.exit(2);
}
const variantWanted = (key: (typeof apiVariantKeys)[number]) => !onlyVariants || onlyVariants.includes(key);
if (wanted('api')) {
  if (apiEngines.includes('pglite')) {
    const usual = await api({ asBrowserToo: true, oneAtATime: true });
    if (variantWanted('wrk')) await sentByWrk(usual, undefined);
    // The same run with the engine on a worker thread of its own (PGLITE_WORKER=on,
    // db/pglite-worker-session.ts) rather than on the server's main thread, the default.
    if (variantWanted('worker-thread')) {
      const variant = 'the engine on a thread of its own';
      const onWorker = await api({ platformEnv: { PGLITE_WORKER: 'on' }, variant });
      if (usual && onWorker) compareVariant('the engine on the main thread', variant, usual, onWorker);
    }
  } else report('| API on PGlite | skipped: BENCH_API_ENGINES does not name pglite | | |');
  if (!apiEngines.includes('postgres'))
    report('| API on PostgreSQL | skipped: BENCH_API_ENGINES does not name postgres | | |');
  else if (process.env.DATABASE_URL) {
    const usual = await api({ databaseUrl: process.env.DATABASE_URL, asBrowserToo: true, oneAtATime: true });
    if (variantWanted('wrk')) await sentByWrk(usual, process.env.DATABASE_URL);
    // The same run without one gain at a time, side by side: prepared statements (docs/database.md),
    // answers written by the compiled writers alone (RESPONSE_CHECKS=on adds the zod check, docs/api.md)
    // the platform's Node flags (scripts/platform-command.mjs), the answers kept under the client's
    // data version and the practice's list version (access/client-answer-cache.ts: every request of
    // the load asks for the same page, so the usual run answers it from memory after the first, and
    // this one computes it every time), and the access statements shared by the requests waiting
    // together (db/statement-group.ts).
    const variants: {
      key: (typeof apiVariantKeys)[number];
      env?: Record<string, string>;
      nodeFlags?: string[];
      variant: string;
      gain: string;
    }[] = [
      {
        key: 'unprepared',
        env: { DATABASE_PREPARED_STATEMENTS: 'off' },
        variant: 'statements unprepared',
        gain: 'prepared statements',
      },
      {
        key: 'zod',
        env: { RESPONSE_CHECKS: 'on' },
        variant: 'answers checked by zod',
        gain: 'compiled writers alone',
      },
      {
        key: 'young-generation',
        nodeFlags: [],
        variant: "Node's default young generation",
        gain: '64 MB semi-spaces',
      },
      {
        key: 'computed',
        env: { ANSWER_CACHE_MB: '0' },
        variant: 'answers computed on every request',
        gain: 'answers kept under the client data version and the practice list version',
      },
      {
        key: 'ungrouped',
        env: { STATEMENT_GROUPS: 'off' },
        variant: 'each request its own access statement',
        gain: 'access statements shared by waiting requests',
      },
    ];
    for (const { key, env, nodeFlags, variant, gain } of variants) {
      if (!variantWanted(key)) continue;
      const without = await api({
        databaseUrl: process.env.DATABASE_URL,
        platformEnv: env,
        nodeFlags,
        variant,
      });
      if (usual && without) compareVariant(gain, variant, usual, without);
    }
  } else report('| API on PostgreSQL | skipped: DATABASE_URL is not set | | |');
}
if (wanted('scale')) await scaleLatency();
if (wanted('bundle')) bundle();
if (wanted('lighthouse')) await lighthouse();
if (wanted('fuzz')) await longFuzz();
if (wanted('soak')) await soak();
if (wanted('documents'))
  for (const row of documentRows(await runDocumentsBenchmarks({ runs }), runs)) report(row);
if (wanted('imports')) for (const row of importRows(runImportsBenchmarks({ runs }), runs)) report(row);

writeFileSync(
  join(import.meta.dirname, '..', 'results', only ? 'partial.md' : 'latest.md'),
  `${lines.join('\n')}\n`,
);

async function coldStart(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waratah-bench-'));
  try {
    const firstStart = await measureColdStart({ dataDir, port });
    const restarts: number[] = [];
    const restMemory: number[] = [];
    const fromSources: number[] = [];
    const fromSourcesMemory: number[] = [];
    const bareNode: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      bareNode.push(await measureBareNodeStart());
      const restart = await measureColdStart({ dataDir, port });
      restarts.push(restart.readyMs);
      restMemory.push(restart.restMiB);
      // Side by side: the same restart from the TypeScript sources through tsx, as before the bundle.
      const throughTsx = await measureColdStart({ dataDir, port, fromSources: true });
      fromSources.push(throughTsx.readyMs);
      fromSourcesMemory.push(throughTsx.restMiB);
    }
    const restartMedian = median(restarts);
    const bareMedian = median(bareNode);
    report(
      `| first start on an empty data dir (migrate + seed) until /readyz | ${firstStart.readyMs.toFixed(0)} ms | | |`,
    );
    report(
      `| restart on an existing data dir until /readyz (median of ${runs}, p90 ${percentile(restarts, 0.9).toFixed(0)} ms) | ${restartMedian.toFixed(0)} ms | ${(restartMedian / bareMedian).toFixed(1)} × a bare \`node -e 0\` (${bareMedian.toFixed(0)} ms) | < 3000 ms |`,
    );
    report(
      `| the same restart from the TypeScript sources through tsx (median of ${runs}) | ${median(fromSources).toFixed(0)} ms | the bundle starts ${(median(fromSources) / restartMedian).toFixed(2)} × faster | |`,
    );
    report(
      `| server memory (RSS) at rest after a restart (median of ${runs}) | ${median(restMemory).toFixed(0)} MiB (from the sources: ${median(fromSourcesMemory).toFixed(0)} MiB) | | under load: see the API rows |`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function api({
  databaseUrl,
  platformEnv,
  nodeFlags,
  variant,
  asBrowserToo,
  oneAtATime,
  loadGenerator,
}: {
  loadGenerator?: 'autocannon' | 'wrk';
  databaseUrl?: string;
  platformEnv?: Record<string, string>;
  nodeFlags?: string[];
  variant?: string;
  asBrowserToo?: boolean;
  oneAtATime?: boolean;
}): Promise<ApiBenchResult | undefined> {
  let result: ApiBenchResult;
  try {
    result = await runApiBenchmarks({
      databaseUrl,
      port: port + 10,
      clients,
      transactions,
      duration,
      connections,
      platformEnv,
      nodeFlags,
      variant,
      asBrowserToo,
      oneAtATime,
      loadGenerator,
    });
  } catch (error) {
    report(
      `| API on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}${variant ? ` (${variant})` : ''} | failed: ${String(error).split('\n')[0]} | | |`,
    );
    return undefined;
  }
  const { engine, baseline, baselineOneAtATime, endpoints, memory } = result;
  report(
    `| ${baseline.name}, ${connections} connections, ${duration} s | ${baseline.rps.toFixed(0)} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms${baseline.cpuMicros === undefined ? '' : `; the server's CPU time ${baseline.cpuMicros.toFixed(1)} µs a request`} | 1 (baseline) | |`,
  );
  if (baselineOneAtATime)
    report(
      `| ${baselineOneAtATime.name} (1 connection), ${duration} s | ${baselineOneAtATime.rps.toFixed(0)} req/s: ${(1000 / baselineOneAtATime.rps).toFixed(2)} ms a request, p99 ${baselineOneAtATime.p99} ms | 1 (baseline of one at a time) | |`,
    );
  for (const figure of endpoints) {
    // Against the hello world measured right before it, when there is one: the run's first baseline
    // can be minutes older, and a shared machine's load drifts.
    const adjacent = figure.adjacentBaseline ?? baseline;
    const ratio = (100 * figure.rps) / adjacent.rps;
    const failures =
      figure.errors + figure.non2xx > 0 ? `, ${figure.errors} errors, ${figure.non2xx} non-2xx` : '';
    const target = /transactions \(page|client list/.test(figure.name)
      ? '≥ 25 % of baseline; p99 < 50 ms'
      : 'p99 < 50 ms';
    report(
      `| ${engine}: ${figure.name} | ${figure.rps.toFixed(1)} req/s, p50 ${figure.p50} ms, p99 ${figure.p99} ms${corrected(figure)}${failures} | ${ratio.toFixed(2)} % of the hello world right before (${adjacent.rps.toFixed(0)} req/s); ${((100 * figure.rps) / baseline.rps).toFixed(2)} % of the run's first | ${target} |`,
    );
    // The platform process's own cost (PGlite runs in it; PostgreSQL does not), beside the hello
    // world's measured right before: a rate on a shared machine moves with the load generator and
    // the other guests, CPU time a request much less.
    if (figure.cpuMicros !== undefined && adjacent.cpuMicros !== undefined)
      report(
        `| ${engine}: ${figure.name}: the platform process's CPU time a request${engine.startsWith('PostgreSQL') ? " (PostgreSQL's own processes not counted)" : ''} | ${figure.cpuMicros.toFixed(1)} µs${figure.mainThreadCpuMicros === undefined ? '' : `, of which its main thread ${figure.mainThreadCpuMicros.toFixed(1)} µs`} (the hello world right before: ${adjacent.cpuMicros.toFixed(1)} µs) | the hello world's is ${((100 * adjacent.cpuMicros) / figure.cpuMicros).toFixed(2)} % of it | |`,
      );
    const single = figure.oneAtATime;
    if (single && baselineOneAtATime)
      report(
        `| ${engine}: ${single.name} (1 connection: one adviser's requests in turn) | ${single.rps.toFixed(1)} req/s: ${(1000 / single.rps).toFixed(2)} ms a request, p99 ${single.p99} ms${single.errors + single.non2xx > 0 ? `, ${single.errors} errors, ${single.non2xx} non-2xx` : ''} | ${((100 * single.rps) / baselineOneAtATime.rps).toFixed(2)} % of the hello world one at a time | |`,
      );
    const ceiling = figure.sameAnswerFromMemory;
    if (ceiling) {
      report(
        `| ${engine}: its answer (${answerSize(figure.answerBytes ?? 0)}${figure.answerEncoding ? ` ${figure.answerEncoding}` : ''}) sent from memory by the bare Fastify (the ceiling for that size) | ${ceiling.rps.toFixed(0)} req/s, p50 ${ceiling.p50} ms, p99 ${ceiling.p99} ms | ${((100 * ceiling.rps) / adjacent.rps).toFixed(1)} % of the hello world; the endpoint reaches ${((100 * figure.rps) / ceiling.rps).toFixed(2)} % of it | |`,
      );
    }
  }
  report(
    `| ${engine}: server memory (RSS) at rest / peak under load | ${memory.restMiB.toFixed(0)} MiB / ${memory.peakMiB.toFixed(0)} MiB | ${(memory.peakMiB / memory.restMiB).toFixed(2)} × at rest | |`,
  );
  report(`| ${engine}: data preparation (seed or reuse) | ${result.prepareSeconds.toFixed(0)} s | | |`);
  report(
    `| ${engine}: the platform's work after its start, before the loads (until its CPU stayed under 5 % of a core for a second) | ${result.startUpWork.seconds.toFixed(1)} s${result.startUpWork.atRest ? '' : result.startUpWork.gone ? ', **the platform ended**' : ', **still working after 300 s: the loads shared the cores with it**'} | | |`,
  );
  return result;
}

/**
 * The usual run again with wrk sending the load instead of autocannon (bench/src/wrk.ts), when it
 * is installed: the hello world, each endpoint and each answer's replay from memory, as the usual
 * run measures them. autocannon decodes every body on the same cores as the server; wrk only counts
 * the bytes, so the difference is the load generator's share of the machine.
 */
async function sentByWrk(usual: ApiBenchResult | undefined, databaseUrl: string | undefined): Promise<void> {
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  if (!wrkAvailable()) {
    report(
      `| API on ${engine}, the load sent by wrk | skipped: wrk is not installed (Debian: apt-get install wrk) | | |`,
    );
    return;
  }
  const byWrk = await api({
    databaseUrl,
    loadGenerator: 'wrk',
    variant: 'the load sent by wrk',
    asBrowserToo: true,
  });
  if (!usual || !byWrk) return;
  const share = (figure: ApiBenchResult['endpoints'][number], run: ApiBenchResult) =>
    (100 * figure.rps) / (figure.adjacentBaseline ?? run.baseline).rps;
  for (const figure of usual.endpoints) {
    const other = byWrk.endpoints.find((endpoint) => endpoint.name === figure.name);
    if (!other) continue;
    const replay = (endpoint: typeof figure) =>
      endpoint.sameAnswerFromMemory ? `${endpoint.sameAnswerFromMemory.p99}` : '–';
    report(
      `| ${engine}: ${figure.name}, sent by autocannon / by wrk | ${figure.rps.toFixed(1)} / ${other.rps.toFixed(1)} req/s, ${share(figure, usual).toFixed(1)} / ${share(other, byWrk).toFixed(1)} % of the hello world right before; p99 ${figure.p99} / ${other.p99} ms${corrected(other)} (its answer replayed from memory: p99 ${replay(figure)} / ${replay(other)} ms) | wrk ${(other.rps / figure.rps).toFixed(2)} × the requests | ${/transactions \(page|client list/.test(figure.name) ? '≥ 25 %; ' : ''}p99 < 50 ms |`,
    );
  }
}

/** wrk's own p99 beside the closed-loop one, where wrk measured (`EndpointFigure.p99Corrected`). */
function corrected(figure: { p99Corrected?: number }): string {
  return figure.p99Corrected === undefined
    ? ''
    : ` (wrk's own, corrected for coordinated omission: ${figure.p99Corrected} ms)`;
}

function compareVariant(gain: string, variant: string, usual: ApiBenchResult, without: ApiBenchResult): void {
  for (const figure of usual.endpoints) {
    const other = without.endpoints.find((endpoint) => endpoint.name === figure.name);
    if (!other) continue;
    // The two runs follow each other; their own baselines (printed above) show how steady the
    // machine was. The main thread's CPU time a request moves much less with the machine's load.
    const mainThread =
      figure.mainThreadCpuMicros !== undefined && other.mainThreadCpuMicros !== undefined
        ? `; the main thread's CPU time ${figure.mainThreadCpuMicros.toFixed(1)} / ${other.mainThreadCpuMicros.toFixed(1)} µs a request`
        : '';
    report(
      `| ${usual.engine}: ${figure.name}, ${gain} against ${variant} | ${figure.rps.toFixed(1)} / ${other.rps.toFixed(1)} req/s, p99 ${figure.p99} / ${other.p99} ms${mainThread} | ${(figure.rps / other.rps).toFixed(2)} × | |`,
    );
  }
}

function responseWriting(): void {
  for (const figure of runResponseWritingBenchmarks({ runs })) {
    report(
      `| writing one answer: ${figure.name}, ${answerSize(figure.bytes)}: compiled writer / zod check and JSON.stringify / bare JSON.stringify | ${figure.compiledMicros.toFixed(1)} / ${figure.checkedMicros.toFixed(1)} / ${figure.stringifyMicros.toFixed(1)} µs | ${(figure.checkedMicros / figure.compiledMicros).toFixed(2)} × faster than checked | |`,
    );
  }
}

function answerSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : kib(bytes);
}

function bundle(): void {
  const figures = measureBundle(portalDist);
  if (!figures) {
    report('| portal bundle | skipped: apps/portal/dist is not built | | |');
    return;
  }
  const over = new Set(overBudget(figures));
  const mark = (name: string) => (over.has(name) ? ' (over budget)' : '');
  report(
    `| portal: login route initial JS, gzip (the entry and the login chunk with what it imports statically, ${figures.loginInitialJs.files.length} files; what the sign-in page loads in the browser is in the Lighthouse rows) | ${kib(figures.loginInitialJs.gzipBytes)}${mark('login route')} | | ≤ ${kib(budgets.loginInitialJs)} |`,
  );
  report(`| portal: initial CSS, gzip | ${kib(figures.initialCss.gzipBytes)} | | |`);
  for (const page of figures.clientPages) {
    report(
      `| portal: client page chunk ${page.name}, gzip | ${kib(page.gzipBytes)}${mark(page.name)} | | ≤ ${kib(budgets.clientPageChunk)} |`,
    );
  }
  const breaches = budgetBreaches(figures);
  if (figures.charts) {
    report(
      `| portal: chart library chunk (lazy, shared by the pages with charts), gzip | ${kib(figures.charts.gzipBytes)} | | |`,
    );
  }
  if (breaches.length > 0) report(`| portal: over budget | ${breaches.join('; ')} | | |`);
}

/** Lighthouse on the sign-in and transactions pages (bench/src/lighthouse.ts). */
async function lighthouse(): Promise<void> {
  const options = lighthouseOptions(port + 30, runs);
  try {
    for (const row of lighthouseRows(await runLighthouse(options), options)) report(row);
  } catch (error) {
    report(`| Lighthouse | failed: ${String(error).split('\n')[0]} | | |`);
  }
}

/** The fuzz suite of CI, with many more runs (a new seed each time, printed for replay). */
async function longFuzz(): Promise<void> {
  const seed = Date.now() % 2 ** 31;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', 'apps/platform/src/security/fuzz.test.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        FUZZ_RUNS: String(fuzzRuns),
        FUZZ_SEED: String(seed),
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  const failure = /Caused by: AssertionError: ([^\n]+)/.exec(output)?.[1];
  // A failure fails the run (its exit code), after the report is written.
  if (code !== 0) process.exitCode = 1;
  report(
    `| fuzzing: ${fuzzRuns} malformed requests to each operation (seed ${seed}) | ${code === 0 ? 'no 5xx, no stack trace, no changed row' : `FAILED: ${failure ?? `exit ${code}`}`} | ${seconds.toFixed(0)} s | never a 5xx |`,
  );
}

/** p50/p99 over a database seeded to ~10M transactions; optional, since seeding it takes long (docs/benchmarks.md). */
async function scaleLatency(): Promise<void> {
  const databaseUrl = process.env.BENCH_SCALE_DATABASE_URL;
  if (!databaseUrl) {
    report(
      '| data scale (10M transactions) | skipped: set BENCH_SCALE_DATABASE_URL to a database seeded with `npm run seed -- --clients 24500 --months 12` | | |',
    );
    return;
  }
  const options = {
    databaseUrl,
    port: port + 40,
    duration,
    connections: Number(process.env.BENCH_SCALE_CONNECTIONS ?? 10),
  };
  try {
    for (const row of scaleRows(await runScaleLatency(options), options)) report(row);
  } catch (error) {
    report(`| data scale | failed: ${String(error).split('\n')[0]} | | |`);
  }
}

/**
 * The soak on PGlite, and on PostgreSQL when DATABASE_URL is set. An error, a lost write, a stale
 * page or memory still growing fails the run (its exit code), after the report is written.
 */
async function soak(): Promise<void> {
  if (soakSeconds <= 0) {
    report('| soak | skipped: BENCH_SOAK_SECONDS=0 (default 60; BENCH_SOAK_ADVISERS, default 200) | | |');
    return;
  }
  await soakOn(undefined);
  if (process.env.DATABASE_URL) await soakOn(process.env.DATABASE_URL);
  else report('| soak on PostgreSQL | skipped: DATABASE_URL is not set | | |');
}

async function soakOn(databaseUrl: string | undefined): Promise<void> {
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  try {
    const result = await runSoak({
      port: port + 20,
      clients,
      transactions,
      advisers: soakAdvisers,
      seconds: soakSeconds,
      databaseUrl,
    });
    const { start, end, peak, quarters } = result.memoryMiB;
    if (result.errors + result.lostWrites + result.staleReads > 0 || !result.memoryFlat) process.exitCode = 1;
    report(
      `| soak: ${result.advisers} simulated advisers, each signed in, for ${result.seconds} s (${engine}) | ${result.requests} requests, ${result.errors} errors, ${result.acknowledgedWrites} writes acknowledged, ${result.lostWrites} lost (counted in the database afterwards), ${result.staleReads} missing from the page read afterwards | memory ${start.toFixed(0)} → ${end.toFixed(0)} MiB (peak ${peak.toFixed(0)}; mean of each quarter of the load ${quarters.map((mib) => mib.toFixed(0)).join(', ')}): ${result.memoryFlat ? 'flat (the last quarter within 10 % of the second)' : 'STILL GROWING (the last quarter more than 10 % above the second)'} | no error, no lost write, no stale page, memory flat |`,
    );
  } catch (error) {
    process.exitCode = 1;
    report(`| soak on ${engine} | failed: ${String(error).split('\n')[0]} | | |`);
  }
}
