import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { connect, type HTTPRequest, type Page } from 'puppeteer-core';
import { demoAdviserPassword } from '../../apps/platform/src/demo-data/demo-constants.ts';
import { chromiumLaunchOptions } from '../../e2e/support/chromium-launch.ts';
import { kib, type LoadedAssets, measureLoadedAssets, portalDist } from './bundle-budget.ts';
import { startPlatform } from './processes.ts';

/** Issue 10's target for both pages. */
export const lighthouseTarget = 95;

/** Debian's Chromium, with the flags the browser tests use. */
export const chromiumPath = chromiumLaunchOptions.executablePath;
const chromiumFlags = chromiumLaunchOptions.args;

/** The password tenant whose demo adviser signs in (apps/platform/src/demo-data). */
const tenant = 'moneypartner';

export interface LighthouseFigure {
  page: string;
  /** 0–100, the median run's. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  /** Performance audits that did not pass in the median run, for whoever improves the page. */
  flagged: string[];
  /** The portal's scripts and style sheets the median run's load fetched, sized as the budgets count. */
  loaded: LoadedAssets;
}

/** What a run of the step measured. */
export interface LighthouseResult {
  figures: LighthouseFigure[];
  /**
   * The portal's scripts and style sheets the dashboard, the first page after sign-in, fetches when
   * a signed-in adviser opens it afresh (the browser's cache off), sized as the budgets count.
   */
  firstPageAfterSignIn: LoadedAssets;
}

export interface LighthouseOptions {
  port: number;
  runs: number;
  /** 'desktop' (the advisers' browsers) or Lighthouse's default mobile emulation. */
  formFactor: 'desktop' | 'mobile';
  /**
   * Lighthouse's simulated CPU slowdown on top of its form factor's (desktop: 1, mobile: 4): a
   * slower adviser's machine, reproducibly, on this one. 1 leaves the form factor's as it is.
   */
  cpuSlowdown: number;
}

/**
 * Lighthouse's performance figures of the sign-in page and of a signed-in client's transactions
 * page, on the platform in production mode (private port, fresh data dir with the demo data).
 */
export async function runLighthouse({
  port,
  runs,
  formFactor,
  cpuSlowdown,
}: LighthouseOptions): Promise<LighthouseResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waratah-lighthouse-'));
  const platform = await startPlatform(port, { DATA_DIR: dataDir, DATABASE_URL: '' });
  // The window is the emulated desktop screen's size: the signed-in run drives a tab opened
  // through puppeteer, which would otherwise first lay the page out in the default 800 × 600.
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumFlags, '--window-size=1350,940'],
  });
  try {
    const config = slowedDown(formFactor === 'desktop' ? desktopConfig : undefined, cpuSlowdown);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    };
    const origin = `http://${tenant}.localhost:${port}`;

    // Signed out: Lighthouse clears the origin's storage before each run.
    const login = await measure('sign-in page', runs, () => lighthouse(`${origin}/`, flags, config));

    // No viewport of puppeteer's own: Lighthouse sets the emulated screen.
    const browser = await connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const page = await browser.newPage();
      const clientId = await signIn(page, origin);
      const firstPageAfterSignIn = await loadedAfresh(page, `${origin}/dashboard`);
      const transactions = await measure('transactions page (signed in)', runs, () =>
        lighthouse(
          `${origin}/user/details/${clientId}/transactions`,
          { ...flags, disableStorageReset: true },
          config,
          page,
        ),
      );
      return { figures: [login, transactions], firstPageAfterSignIn };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The options from the environment (BENCH_LIGHTHOUSE_RUNS, LIGHTHOUSE_FORM_FACTOR, LIGHTHOUSE_CPU_SLOWDOWN). */
export function lighthouseOptions(port: number, defaultRuns: number): LighthouseOptions {
  return {
    port,
    runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? defaultRuns),
    formFactor: process.env.LIGHTHOUSE_FORM_FACTOR === 'mobile' ? 'mobile' : 'desktop',
    cpuSlowdown: Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 1),
  };
}

/** The form factor's configuration with its simulated CPU `slowdown` times slower. */
export function slowedDown(config: Config | undefined, slowdown: number): Config | undefined {
  if (slowdown === 1) return config;
  if (!(Number.isFinite(slowdown) && slowdown > 1))
    throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be a number above 1, not ${slowdown}`);
  // Lighthouse's mobile default slows the CPU 4 ×; the desktop preset leaves it at 1.
  const base = config?.settings?.throttling?.cpuSlowdownMultiplier ?? (config ? 1 : 4);
  return {
    extends: 'lighthouse:default',
    ...config,
    settings: {
      ...config?.settings,
      throttling: { ...config?.settings?.throttling, cpuSlowdownMultiplier: base * slowdown },
    },
  };
}

type LighthouseRun = ReturnType<typeof lighthouse>;

async function measure(name: string, runs: number, run: () => LighthouseRun): Promise<LighthouseFigure> {
  const figures: LighthouseFigure[] = [];
  for (let index = 0; index < runs; index += 1) {
    const result = await run();
    if (!result) throw new Error(`Lighthouse returned nothing for the ${name}`);
    const { lhr } = result;
    // LIGHTHOUSE_REPORT_DIR keeps each run's full report (open it in the Lighthouse viewer).
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, `${name.replace(/\W+/g, '-')}-${index + 1}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on the ${name}: ${lhr.runtimeError.message}`);
    const performance = lhr.categories.performance;
    const flagged = (performance?.auditRefs ?? [])
      .map(({ id }) => lhr.audits[id])
      .filter(
        (audit) =>
          audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => `${audit?.id}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`);
    figures.push({
      page: name,
      score: Math.round((performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      flagged,
      loaded: measureLoadedAssets(portalDist, requestedPaths(lhr)),
    });
  }
  // The run of median score (the lower middle one of an even count).
  const sorted = [...figures].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseFigure;
}

/** The URL paths of the requests a Lighthouse run's load made (its `network-requests` audit). */
export function requestedPaths(lhr: { audits: Record<string, { details?: unknown } | undefined> }): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: { url?: unknown }[] } | undefined;
  return (details?.items ?? []).flatMap(({ url }) => {
    if (typeof url !== 'string' || !/^https?:/.test(url)) return [];
    return [new URL(url).pathname];
  });
}

/** What a load of `url` in `page` fetches of the portal's build, with the browser's cache off. */
async function loadedAfresh(page: Page, url: string): Promise<LoadedAssets> {
  await page.goto('about:blank');
  const paths: string[] = [];
  const record = (request: HTTPRequest) => {
    paths.push(new URL(request.url()).pathname);
  };
  await page.setCacheEnabled(false);
  page.on('request', record);
  try {
    await page.goto(url, { waitUntil: 'networkidle0' });
  } finally {
    page.off('request', record);
    await page.setCacheEnabled(true);
  }
  return measureLoadedAssets(portalDist, paths);
}

/** Signs the tenant's demo adviser in on the sign-in page and answers a client with an active consent. */
async function signIn(page: Page, origin: string): Promise<number> {
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.locator('input[name="email"]').fill(`adviser@${tenant}.example`);
  await page.locator('input[name="password"]').fill(demoAdviserPassword);
  await Promise.all([
    // Functions given as text: they run in the page, which this package's types do not describe.
    page.waitForFunction("window.location.pathname === '/dashboard'"),
    page.locator('button[type="submit"]').click(),
  ]);
  const clientId = (await page.evaluate(`(async () => {
    const token = window.localStorage.getItem('waratah.accessToken');
    const response = await fetch('/api/admin/users?consent_status=active&size=1', {
      headers: { Authorization: 'Bearer ' + token },
    });
    if (!response.ok) throw new Error('the client list answered ' + response.status);
    return (await response.json()).data[0]?.id;
  })()`)) as number | undefined;
  if (clientId === undefined)
    throw new Error(`The demo adviser of ${tenant} has no client with an active consent`);
  return clientId;
}

/** The report's rows (docs/benchmarks.md keeps the latest). */
export function lighthouseRows(
  { figures, firstPageAfterSignIn }: LighthouseResult,
  { runs, formFactor, cpuSlowdown }: LighthouseOptions,
): string[] {
  const slower = cpuSlowdown === 1 ? '' : `, CPU ${cpuSlowdown} × slower`;
  return [
    ...figures.map(
      (figure) =>
        `| Lighthouse (${formFactor}${slower}, Chromium, median of ${runs}): ${figure.page} | score ${figure.score}, LCP ${figure.lcpMs.toFixed(0)} ms, TBT ${figure.tbtMs.toFixed(0)} ms; loaded JS ${kib(figure.loaded.jsGzipBytes)}, CSS ${kib(figure.loaded.cssGzipBytes)} (${figure.loaded.files.length} files, gzip as the budgets count)${figure.flagged.length > 0 ? `; flagged: ${figure.flagged.join(', ')}` : ''} | | score ≥ ${lighthouseTarget} |`,
    ),
    `| portal: the first page after sign-in (the dashboard, opened afresh signed in), as the browser loads it, gzip | JS ${kib(firstPageAfterSignIn.jsGzipBytes)}, CSS ${kib(firstPageAfterSignIn.cssGzipBytes)} (${firstPageAfterSignIn.files.length} files) | | |`,
  ];
}

// `npx tsx bench/src/lighthouse.ts`: these figures alone (BENCH_PORT, BENCH_LIGHTHOUSE_RUNS,
// LIGHTHOUSE_FORM_FACTOR, LIGHTHOUSE_CPU_SLOWDOWN, LIGHTHOUSE_REPORT_DIR).
if (import.meta.url === `file://${process.argv[1]}`) {
  const options = lighthouseOptions(Number(process.env.BENCH_PORT ?? 18_080) + 30, 1);
  for (const row of lighthouseRows(await runLighthouse(options), options)) console.log(row);
}
