import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseWrkOutput, runWrk, wrkAvailable, wrkScript } from './wrk.ts';

describe('wrkScript', () => {
  it('prints the figures as one line when done, and rotates nothing unless asked', () => {
    const script = wrkScript(undefined);
    expect(script).toContain('done = function(summary, latency, requests)');
    expect(script).toContain('latency:percentile(99)');
    expect(script).not.toContain('request = function');
  });

  it("sets the rotating header's next value on every request, quoting each value as Lua", () => {
    const script = wrkScript({ name: 'x-user-id', values: ['1', 'a"b\\c'] });
    expect(script).toContain('local values = { "1", "a\\"b\\\\c" }');
    expect(script).toContain('wrk.headers["x-user-id"] = values[((turn - 1) % #values) + 1]');
    expect(script).toContain('return wrk.format()');
  });
});

describe('parseWrkOutput', () => {
  it("reads the script's line among wrk's own output, in autocannon's units", () => {
    const output = [
      'Running 5s test @ http://127.0.0.1:1/x',
      '  1 threads and 100 connections',
      'WRK-FIGURES {"requests":50000,"micros":5000000,"p50":1500,"p99":42250,"connect":0,"read":2,"write":1,"timeout":3,"status":7}',
      'Requests/sec:  10000.00',
    ].join('\n');
    expect(parseWrkOutput(output)).toEqual({
      rps: 10_000,
      p50: 1.5,
      p99: 42.25,
      total: 50_000,
      errors: 6,
      non2xx: 7,
    });
  });

  it('fails, showing what wrk printed, when the line is missing or incomplete', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /printed no figures:\nunable to connect/,
    );
    expect(() => parseWrkOutput('WRK-FIGURES {"requests":1}')).toThrow(/lack micros/);
  });
});

// Where Debian's wrk is installed (`apt-get install wrk`; .ci/run installs it): a real load.
describe.runIf(wrkAvailable())('runWrk', () => {
  it('loads a server with the headers given, the rotating one in turn, and counts its refusals', async () => {
    const seen: IncomingHttpHeaders[] = [];
    let hostLines = 0;
    const server = createServer((request, response) => {
      if (seen.length < 10_000) seen.push(request.headers);
      hostLines = Math.max(
        hostLines,
        request.rawHeaders.filter((_, i) => i % 2 === 0 && /^host$/i.test(request.rawHeaders[i] ?? ''))
          .length,
      );
      response.statusCode = request.headers['x-user-id'] === 'refused' ? 403 : 200;
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const figures = await runWrk({
        url: `http://127.0.0.1:${port}/hello`,
        headers: { host: 'moneypartner.localhost:1', authorization: 'Bearer t' },
        connections: 4,
        duration: 1,
        rotating: { name: 'x-user-id', values: ['1', '2', 'refused'] },
      });
      expect(figures.total).toBeGreaterThan(30);
      expect(figures.rps).toBeGreaterThan(30);
      expect(figures.p99).toBeGreaterThanOrEqual(figures.p50);
      expect(figures.errors).toBe(0);
      // Every third request is refused.
      expect(figures.non2xx / figures.total).toBeGreaterThan(0.25);
      expect(figures.non2xx / figures.total).toBeLessThan(0.42);
      expect(new Set(seen.map((headers) => headers['x-user-id']))).toEqual(new Set(['1', '2', 'refused']));
      // One Host, the one given, not wrk's own beside it.
      expect(seen.every((headers) => headers.host === 'moneypartner.localhost:1')).toBe(true);
      expect(hostLines).toBe(1);
      expect(seen.every((headers) => headers.authorization === 'Bearer t')).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("fails with wrk's reason when nothing listens", async () => {
    await expect(
      runWrk({ url: 'http://127.0.0.1:1/', headers: {}, connections: 1, duration: 1 }),
    ).rejects.toThrow(/wrk/);
  });
});
