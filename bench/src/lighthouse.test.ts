import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { describe, expect, it } from 'vitest';
import { slowedDown } from './lighthouse.ts';

describe('slowedDown: a slower machine, simulated', () => {
  it('leaves the configuration as it is at 1', () => {
    expect(slowedDown(desktopConfig, 1)).toBe(desktopConfig);
    expect(slowedDown(undefined, 1)).toBeUndefined();
  });

  it('multiplies the form factor’s own slowdown and keeps the rest of its throttling', () => {
    const desktop = slowedDown(desktopConfig, 2);
    expect(desktop?.settings?.throttling).toEqual({
      ...desktopConfig.settings?.throttling,
      cpuSlowdownMultiplier: 2,
    });
    expect(desktop?.settings?.formFactor).toBe('desktop');
    // Lighthouse's default (mobile) already slows the CPU four times.
    expect(slowedDown(undefined, 2)?.settings?.throttling?.cpuSlowdownMultiplier).toBe(8);
  });

  it('refuses what is not a slowdown', () => {
    for (const value of [0.5, 0, -2, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => slowedDown(desktopConfig, value)).toThrow(/LIGHTHOUSE_CPU_SLOWDOWN/);
  });
});
