import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseWrkOutput, runWrk, wrkAvailable, wrkScript } from './wrk.ts';

describe('wrkScript', () => {
  it('prints the figures as one line when done, and rotates nothing unless asked', () => {
    const script = wrkScript(undefined, 100);
    expect(script).toContain('done = function(summary, latency, requests)');
    expect(script).not.toContain('request = function');
  });

  it("reads the histogram as recorded, taking off wrk's correction for the connections given, with wrk's own p99 beside", () => {
    const script = wrkScript(undefined, 4);
    expect(script).toContain('local connections = 4');
    expect(script).toContain("ffi.cast('uint64_t**', latency)[0]");
    expect(script).toContain('math.floor(summary.duration / perConnection)');
    expect(script).toContain('latency:percentile(99)');
  });

  it("sets the rotating header's next value on every request, quoting each value as Lua", () => {
    const script = wrkScript({ name: 'x-user-id', values: ['1', 'a"b\\c'] }, 100);
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
      'WRK-FIGURES {"requests":50000,"micros":5000000,"recorded":49998,"p50":1500,"p99":42250,"p99corrected":351040,"connect":0,"read":2,"write":1,"timeout":3,"status":7}',
      'Requests/sec:  10000.00',
    ].join('\n');
    expect(parseWrkOutput(output)).toEqual({
      rps: 10_000,
      p50: 1.5,
      p99: 42.3,
      p99Corrected: 351,
      total: 50_000,
      errors: 6,
      non2xx: 7,
    });
  });

  it('fails, showing what wrk printed, when the line is missing or incomplete', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /printed no figures:\nunable to connect/,
    );
    expect(() => parseWrkOutput('WRK-FIGURES {"requests":1}')).toThrow(/lack recorded/);
  });

  it('fails when the histogram read back does not hold each response once', () => {
    const line = (recorded: number) =>
      `WRK-FIGURES {"requests":100,"micros":1000000,"recorded":${recorded},"p50":1,"p99":2,"p99corrected":3,"connect":0,"read":0,"write":0,"timeout":1,"status":0}`;
    expect(parseWrkOutput(line(99)).total).toBe(100);
    expect(() => parseWrkOutput(line(98))).toThrow(/holds 98 samples for 100 responses/);
    expect(() => parseWrkOutput(line(101))).toThrow(/holds 101 samples/);
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

  it("gives the latencies as recorded: a slow first request per connection is not multiplied by wrk's correction", async () => {
    // Each connection's first answer waits 400 ms, as a connection that Node accepts late
    // (docs/benchmarks-history.md, "The tail that was not there"); the rest answer at once.
    const server = createServer((request, response) => {
      const socket = request.socket as typeof request.socket & { answered?: boolean };
      if (socket.answered) return void response.end('ok');
      socket.answered = true;
      setTimeout(() => response.end('ok'), 400);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const figures = await runWrk({
        url: `http://127.0.0.1:${port}/`,
        headers: {},
        connections: 4,
        duration: 2,
      });
      // 4 slow answers among thousands: under 1 %, so not the p99.
      expect(figures.total).toBeGreaterThan(1000);
      expect(figures.p99).toBeLessThan(100);
      // wrk's own adds one made-up sample per interval below each slow one: a sixth of its samples.
      expect(figures.p99Corrected).toBeGreaterThan(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 20_000);

  it("fails with wrk's reason when nothing listens", async () => {
    await expect(
      runWrk({ url: 'http://127.0.0.1:1/', headers: {}, connections: 1, duration: 1 }),
    ).rejects.toThrow(/wrk/);
  });
});
