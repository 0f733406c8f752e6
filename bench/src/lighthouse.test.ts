import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { describe, expect, it } from 'vitest';
import { lighthouseRows, requestedPaths, slowedDown } from './lighthouse.ts';

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

describe('requestedPaths: what a Lighthouse run loaded', () => {
  it("reads the paths of the run's network requests and leaves out what is not fetched over HTTP", () => {
    const lhr = {
      audits: {
        'network-requests': {
          details: {
            items: [
              { url: 'http://moneypartner.localhost:18110/' },
              { url: 'http://moneypartner.localhost:18110/assets/index-AbCd1234.js' },
              { url: 'http://moneypartner.localhost:18110/api/v2/app/config?platform=web' },
              { url: 'data:image/svg+xml,...' },
              { url: 42 },
            ],
          },
        },
      },
    };
    expect(requestedPaths(lhr)).toEqual(['/', '/assets/index-AbCd1234.js', '/api/v2/app/config']);
  });

  it('reads nothing of a run without the audit', () => {
    expect(requestedPaths({ audits: {} })).toEqual([]);
  });
});

describe('lighthouseRows', () => {
  const loaded = (js: number, files: number) => ({
    jsGzipBytes: js * 1024,
    cssGzipBytes: 8.7 * 1024,
    files: Array.from({ length: files }, (_, index) => `f${index}.js`),
  });

  it("prints each page's score with what its load fetched, and the first page after sign-in", () => {
    const rows = lighthouseRows(
      {
        figures: [
          {
            page: 'sign-in page',
            score: 99,
            lcpMs: 795.4,
            tbtMs: 37,
            flagged: [],
            loaded: loaded(181.8, 23),
          },
        ],
        firstPageAfterSignIn: loaded(220.3, 41),
      },
      { port: 1, runs: 3, formFactor: 'desktop', cpuSlowdown: 2 },
    );
    expect(rows).toEqual([
      '| Lighthouse (desktop, CPU 2 × slower, Chromium, median of 3): sign-in page | score 99, LCP 795 ms, TBT 37 ms; loaded JS 181.8 KB, CSS 8.7 KB (23 files, gzip as the budgets count) | | score ≥ 95 |',
      '| portal: the first page after sign-in (the dashboard, opened afresh signed in), as the browser loads it, gzip | JS 220.3 KB, CSS 8.7 KB (41 files) | | |',
    ]);
  });
});
