// A second load generator beside autocannon: wrk (C, Debian's `wrk` package). autocannon, which the
// issue names, runs in Node and decodes every answer's body into a JavaScript string on the same two
// cores as the server, so a large answer (the financial passport's 284 KB, or its 36 KB compressed)
// is bounded by the client that reads it (docs/benchmarks.md, "Two load generators"). wrk counts
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
 * Latency percentiles come from wrk's histogram in microseconds.
 */
export function wrkScript(rotating: WrkLoad['rotating']): string {
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
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    `  io.write(${lua(marker)} .. string.format('{"requests":%d,"micros":%d,"p50":%d,"p99":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}\\n',`,
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),',
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
  const seconds = at('micros') / 1e6;
  return {
    rps: seconds > 0 ? at('requests') / seconds : 0,
    p50: at('p50') / 1000,
    p99: at('p99') / 1000,
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
    writeFileSync(script, wrkScript(rotating));
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
