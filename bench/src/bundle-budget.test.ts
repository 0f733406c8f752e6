import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  budgetBreaches,
  budgets,
  classicZodFiles,
  kib,
  measureBundle,
  measureLoadedAssets,
  portalDist,
} from './bundle-budget.ts';

const figures = measureBundle(portalDist);

// CI runs unit tests before the browser tests build the portal; the e2e spec bundle-budget.spec.ts
// and `npm run bench` check the same budgets on a build that certainly exists.
describe.skipIf(!figures)('the portal bundle budget (apps/portal/dist)', () => {
  it('keeps the login route and every client page within budget', () => {
    if (!figures) return;
    console.log(
      `login initial JS ${kib(figures.loginInitialJs.gzipBytes)}; ${figures.clientPages
        .map((page) => `${page.name} ${kib(page.gzipBytes)}`)
        .join(', ')}`,
    );
    expect(figures.clientPages.length).toBeGreaterThan(0);
    expect(budgetBreaches(figures)).toEqual([]);
  });
});
if (!figures) console.log(`Bundle budget skipped: ${portalDist} is not built (npm run build).`);

describe('budgetBreaches on a made-up build', () => {
  const root = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Random bytes do not compress, so a file of n bytes gzips to a little over n. */
  function build(name: string, sizes: { entry: number; shared: number; login: number; overview: number }) {
    const dir = join(root, name);
    mkdirSync(join(dir, 'assets'), { recursive: true });
    const file = (path: string, bytes: number, head = '') =>
      writeFileSync(join(dir, 'assets', path), Buffer.concat([Buffer.from(head), randomBytes(bytes)]));
    writeFileSync(
      join(dir, 'index.html'),
      '<script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>',
    );
    file('index-AAAAAAAA.js', sizes.entry);
    file('shared-BBBBBBBB.js', sizes.shared);
    file('login-CCCCCCCC.js', sizes.login, 'import{a}from"./shared-BBBBBBBB.js";');
    file('overview-DDDDDDDD.js', sizes.overview);
    file('charts-EEEEEEEE.js', 90 * 1024);
    return measureBundle(dir);
  }

  it('counts what the login chunk imports statically, and passes a build within the budgets', () => {
    const within = build('within', { entry: 100_000, shared: 20_000, login: 5_000, overview: 50_000 });
    expect(within?.loginInitialJs.files).toEqual([
      'index-AAAAAAAA.js',
      'login-CCCCCCCC.js',
      'shared-BBBBBBBB.js',
    ]);
    expect(within?.charts?.file).toBe('charts-EEEEEEEE.js');
    expect(within && budgetBreaches(within)).toEqual([]);
  });

  it('fails a login route over 150 KB and a client page chunk over 60 KB', () => {
    const over = build('over', { entry: 120_000, shared: 40_000, login: 5_000, overview: 64_000 });
    expect(budgets).toEqual({ loginInitialJs: 150 * 1024, clientPageChunk: 60 * 1024 });
    expect(over && budgetBreaches(over)).toEqual([
      expect.stringMatching(/^login route [\d.]+ KB > 150\.0 KB$/),
      expect.stringMatching(/^overview [\d.]+ KB > 60\.0 KB$/),
    ]);
  });
});

describe('measureLoadedAssets', () => {
  const dist = mkdtempSync(join(tmpdir(), 'loaded-assets-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, 'assets'));
  const sizes = { 'index-AAAAAAAA.js': 30_000, 'sdk-BBBBBBBB.js': 12_000, 'index-CCCCCCCC.css': 4_000 };
  for (const [file, bytes] of Object.entries(sizes))
    writeFileSync(join(dist, 'assets', file), randomBytes(bytes));

  it("sums the page's scripts and style sheets once each, gzipped, and leaves out what is not the bundle's", () => {
    const loaded = measureLoadedAssets(dist, [
      '/assets/index-AAAAAAAA.js',
      '/assets/index-CCCCCCCC.css',
      '/assets/sdk-BBBBBBBB.js',
      // Asked again (a preload, then the import): counted once.
      '/assets/sdk-BBBBBBBB.js',
      '/api/v2/app/config',
      '/tenants/moneypartner/logo.svg',
      // Not in this build.
      '/assets/gone-DDDDDDDD.js',
      '/assets/../index.html',
    ]);
    expect(loaded.files).toEqual(['index-AAAAAAAA.js', 'index-CCCCCCCC.css', 'sdk-BBBBBBBB.js']);
    // Random bytes do not compress: gzip adds a little to each file.
    expect(loaded.jsGzipBytes).toBeGreaterThan(42_000);
    expect(loaded.jsGzipBytes).toBeLessThan(42_200);
    expect(loaded.cssGzipBytes).toBeGreaterThan(4_000);
    expect(loaded.cssGzipBytes).toBeLessThan(4_100);
  });

  it('reads nothing of a page that fetched none of its assets', () => {
    expect(measureLoadedAssets(dist, ['/readyz'])).toEqual({ jsGzipBytes: 0, cssGzipBytes: 0, files: [] });
  });
});

describe('classicZodFiles', () => {
  const root = mkdtempSync(join(tmpdir(), 'classic-zod-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("names the scripts with zod's classic schemas and passes those with only zod/mini's", () => {
    mkdirSync(join(root, 'assets'));
    const file = (name: string, text: string) => writeFileSync(join(root, 'assets', name), text);
    file('mini-AAAAAAAA.js', 'const a=e("$ZodString",(t,n)=>{}),b=e("ZodMiniString",(t,n)=>{a.init(t,n)});');
    file('classic-BBBBBBBB.js', 'const a=e("ZodString",(t,n)=>{s.init(t,n)});');
    file('style-CCCCCCCC.css', '.ZodString{}');
    expect(classicZodFiles(root)).toEqual(['classic-BBBBBBBB.js']);
    expect(classicZodFiles(join(root, 'missing'))).toEqual([]);
  });
});
