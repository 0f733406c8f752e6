// A second load generator beside autocannon: wrk (C, Debian's `wrk` package). autocannon, which the
// issue names, runs in Node and decodes every answer's body into a JavaScript string on the same two
// cores as the server, so a large answer (the financial passport's 284 KB, or its 36 KB compressed)
// is bounded by the client that reads it (docs/benchmarks-history.md, "Two load generators"). wrk counts
// the bytes and parses nothing, so the same load measured with it says more of the server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from './processes.ts';

/** What one load gives, in the units autocannon's results use (milliseconds, requests a second). */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  /** wrk's own p99, with its correction for coordinated omission (`wrkScript`); wrk only. */
  p99Corrected?: number;
  total: number;
  /** Connection, read and write errors, and timeouts. */
  errors: number;
  /** Answers with a status of 400 or more (wrk counts those; autocannon counts every non-2xx). */
  non2xx: number;
}

export interface WrkLoad {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
  /** A header whose value changes from one request to the next, in turn through `values`. */
  rotating?: { name: string; values: readonly string[] } | undefined;
}

/** Whether `wrk` can be run here (Debian: `apt-get install wrk`). */
export function wrkAvailable(): boolean {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return probe.error === undefined && /^wrk /m.test(`${probe.stdout}${probe.stderr}`);
}

const marker = 'WRK-FIGURES ';

/** A Lua string literal of `text`. */
const lua = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;

/**
 * The script wrk runs: the rotating header's next value on each request (wrk's `request` hook,
 * one counter per thread; one thread here), and the figures printed as one JSON line when done.
 * Latency percentiles come from wrk's histogram in microseconds, as recorded.
 *
 * wrk corrects that histogram for coordinated omission before `done` sees it (`stats_correct` in
 * its wrk.c): each sample longer than twice the mean time between one connection's requests
 * (`expected`, the run's length over the requests per connection) adds one made-up sample at each
 * `expected` below it, down to `expected`. That models requests that an open-loop client would
 * have sent meanwhile. Our loads are closed loops, as autocannon's are, and one slow sample (a
 * connection's first request, waiting for Node to accept it: docs/benchmarks-history.md, "The tail that
 * was not there") then counts some 35 times. The correction is undone here exactly: values are visited
 * from the largest down, so every sample that added to a value is known, as recorded, before that
 * value is, and its made-up samples are taken off. wrk's own, corrected p99 is printed beside.
 */
export function wrkScript(rotating: WrkLoad['rotating'], connections: number): string {
  const lines: string[] = [];
  if (rotating && rotating.values.length > 0) {
    lines.push(
      `local values = { ${rotating.values.map(lua).join(', ')} }`,
      'local turn = 0',
      'request = function()',
      '  turn = turn + 1',
      `  wrk.headers[${lua(rotating.name)}] = values[((turn - 1) % #values) + 1]`,
      '  return wrk.format()',
      'end',
    );
  }
  lines.push(
    `local connections = ${Math.max(1, Math.floor(connections))}`,
    // wrk's `latency` gives no counts, only percentiles; LuaJIT's FFI reads its histogram (wrk's
    // `stats`: count, limit, min, max, then one count per microsecond) through the userdata's pointer.
    "local ffi = require('ffi')",
    'local function recorded(summary, latency)',
    "  local stats = ffi.cast('uint64_t**', latency)[0]",
    '  local lo, hi = tonumber(stats[2]), tonumber(stats[3])',
    '  local counts, total, added = {}, 0, {}',
    '  local perConnection = math.floor(summary.requests / connections)',
    '  local expected = perConnection > 0 and math.floor(summary.duration / perConnection) or 0',
    '  for n = hi, lo, -1 do',
    '    local count = tonumber(stats[4 + n])',
    '    if expected > 0 and n > expected then',
    '      local residue = n % expected',
    '      count = count - (added[residue] or 0)',
    '      added[residue] = (added[residue] or 0) + count',
    '    end',
    '    if count > 0 then counts[n] = count; total = total + count end',
    '  end',
    '  local function percentile(p)',
    '    local rank, seen = math.floor((p / 100) * total + 1), 0',
    '    for n = lo, hi do',
    '      seen = seen + (counts[n] or 0)',
    '      if seen >= rank then return n end',
    '    end',
    '    return 0',
    '  end',
    '  return total, percentile',
    'end',
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  local total, percentile = recorded(summary, latency)',
    `  io.write(${lua(marker)} .. string.format('{"requests":%d,"micros":%d,"recorded":%d,"p50":%d,"p99":%d,"p99corrected":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}\\n',`,
    '    summary.requests, summary.duration, total, percentile(50), percentile(99), latency:percentile(99),',
    '    e.connect, e.read, e.write, e.timeout, e.status))',
    'end',
  );
  return `${lines.join('\n')}\n`;
}

/** Reads the figures `wrkScript`'s `done` printed. */
export function parseWrkOutput(output: string): LoadFigures {
  const line = output.split('\n').find((text) => text.startsWith(marker));
  if (!line) throw new Error(`wrk printed no figures:\n${output.slice(0, 2000)}`);
  const figures = JSON.parse(line.slice(marker.length)) as Record<string, number>;
  const at = (key: string) => {
    const value = figures[key];
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new Error(`wrk's figures lack ${key}: ${line}`);
    return value;
  };
  // Every response wrk counted is in its histogram once, as recorded, but those past the timeout:
  // otherwise the made-up samples were not all taken off (`wrkScript`).
  const unrecorded = at('requests') - at('recorded');
  if (unrecorded < 0 || unrecorded > at('timeout'))
    throw new Error(
      `wrk's histogram holds ${at('recorded')} samples for ${at('requests')} responses: ${line}`,
    );
  const seconds = at('micros') / 1e6;
  // Tenths of a millisecond: wrk's histogram counts microseconds, more than a load here can tell.
  const millis = (key: string) => Math.round(at(key) / 100) / 10;
  return {
    rps: seconds > 0 ? at('requests') / seconds : 0,
    p50: millis('p50'),
    p99: millis('p99'),
    p99Corrected: millis('p99corrected'),
    total: at('requests'),
    errors: at('connect') + at('read') + at('write') + at('timeout'),
    non2xx: at('status'),
  };
}

/** Loads `url` with wrk: one thread (a core at most, as autocannon's one), `connections` open. */
export async function runWrk({
  url,
  headers,
  connections,
  duration,
  rotating,
}: WrkLoad): Promise<LoadFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'waratah-wrk-'));
  try {
    const script = join(folder, 'load.lua');
    writeFileSync(script, wrkScript(rotating, connections));
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '30s', '-s', script];
    // wrk adds `Host` from the URL unless one is given under exactly that name.
    for (const [name, value] of Object.entries(headers))
      args.push('-H', `${name.toLowerCase() === 'host' ? 'Host' : name}: ${value}`);
    args.push(url);
    return parseWrkOutput(await runCommand('wrk', 'wrk', args));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
