import { describe, expect, it } from 'vitest';
import { cpuMillis } from './processes.ts';

describe('cpuMillis', () => {
  it("reads a process's CPU time from /proc, growing as it works", () => {
    const before = cpuMillis(process.pid);
    expect(before).toBeGreaterThan(0);
    const started = performance.now();
    let spin = 0;
    while (performance.now() - started < 120) spin += Math.sqrt(spin + 1);
    expect(spin).toBeGreaterThan(0);
    // 120 ms of work, counted in ticks of 10 ms.
    expect(cpuMillis(process.pid) - before).toBeGreaterThanOrEqual(60);
  });

  it('is NaN for a process that is not there', () => {
    expect(cpuMillis(2 ** 30)).toBeNaN();
    expect(cpuMillis(undefined)).toBeNaN();
  });
});
