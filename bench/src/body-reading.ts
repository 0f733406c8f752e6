// How fast the load generator itself reads answers of each kind, with no server work at all: the bare
// Fastify (`hello-server.ts`) sends each body from memory and autocannon loads it. autocannon
// appends every body to a JavaScript string, decoding it as UTF-8, on the same cores as the
// server, so large and binary (compressed) answers are bounded by the client that reads them
// (docs/benchmarks-history.md, "Kept answers sent compressed, statements compiled once").
// Alone: `npx tsx bench/src/body-reading.ts` (BENCH_DURATION, BENCH_CONNECTIONS, BENCH_PORT).
import { randomBytes } from 'node:crypto';
import { brotliCompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { request } from './api-benchmarks.ts';
import { startBaseline } from './processes.ts';

const duration = Number(process.env.BENCH_DURATION ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const port = Number(process.env.BENCH_PORT ?? 18_080) + 30;

/** JSON of `rows` transactions-like rows (ASCII, as the API's answers mostly are). */
const json = (rows: number) =>
  Buffer.from(
    JSON.stringify(
      Array.from({ length: rows }, (_, i) => ({
        id: i,
        amount: -12.5 - i,
        memo: `Coffee at the corner ${i}`,
      })),
    ),
  );

const bodies: [name: string, body: Buffer, encoding?: string][] = [
  ['JSON', json(650)],
  ['JSON', json(4_800)],
  ['Brotli of JSON', brotliCompressSync(json(11_500)), 'br'],
  ['random bytes', randomBytes(36 * 1024)],
  ['random bytes', randomBytes(64 * 1024)],
];

const baseline = await startBaseline(port);
try {
  console.log(
    `| body sent from memory by the bare Fastify (${connections} connections, ${duration} s) | bytes | req/s | p50 | p99 |`,
  );
  console.log('|---|---|---|---|---|');
  for (const [name, body, encoding] of bodies) {
    const url = `http://127.0.0.1:${baseline.port}/answers/body`;
    const stored = await request(url, {
      method: 'PUT',
      headers: {
        'content-type': 'application/octet-stream',
        ...(encoding ? { 'x-answer-encoding': encoding } : {}),
      },
      body,
    });
    if (stored.status !== 204) throw new Error(`The baseline did not take ${name}: ${stored.status}`);
    await autocannon({ url, connections: 10, duration: 1 });
    const result = await autocannon({ url, connections, duration });
    console.log(
      `| ${name} | ${body.length.toLocaleString('en-AU')} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms |`,
    );
  }
} finally {
  await baseline.stop();
}
