import { readFileSync, statSync, utimesSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledPackages, ensurePlatformBuild, platformBundle } from './platform-build.mjs';

/** What the bundle imports when it loads: esbuild writes each import on a line of its own at the top. */
const staticImports = (bundle: string) =>
  [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);

// The bundle `npm start`, the browser tests and the bench run (docs/benchmarks.md, "Cold start").
describe('ensurePlatformBuild', { timeout: 60_000 }, () => {
  it('bundles the platform and the workspace packages, leaving npm packages outside', () => {
    ensurePlatformBuild();
    const bundle = readFileSync(platformBundle, 'utf8');
    expect(bundle.startsWith('// Built from file://')).toBe(true);
    expect(bundle).not.toMatch(/from ["']@waratah\//);
    expect(bundle).toMatch(/from ["']fastify["']/);
    // Packages of many small modules are inside it, one copy each (one file to load, not hundreds).
    const imported = staticImports(bundle);
    for (const name of bundledPackages)
      expect(
        imported.filter((from) => from === name || from.startsWith(`${name}/`)),
        name,
      ).toEqual([]);
    expect(bundle).toContain('node_modules/kysely/dist/esm/kysely.js');
    // Each module keeps its own URL: files next to the sources are found from the bundle too.
    expect(bundle).not.toContain('import.meta.url');
    expect(bundle).toContain('/apps/platform/src/auth/passwords/is-common-password.ts"');
    expect(readFileSync(`${platformBundle}.map`, 'utf8')).toContain('server.ts');
  });

  it('leaves the packages a restart does not need to be loaded when first used', () => {
    ensurePlatformBuild();
    const bundle = readFileSync(platformBundle, 'utf8');
    // A static import would load each at start-up again (docs/benchmarks.md, "Loaded when first needed").
    const imported = staticImports(bundle);
    for (const name of ['oidc-provider', 'pg', 'nodemailer', 'pdfkit', 'exceljs']) {
      expect(imported, name).not.toContain(name);
    }
    expect(bundle).toMatch(/import\(["']oidc-provider["']\)/);
  });

  it('builds again only when a source is newer than the bundle', () => {
    ensurePlatformBuild();
    const builtAt = statSync(platformBundle).mtimeMs;
    ensurePlatformBuild();
    expect(statSync(platformBundle).mtimeMs).toBe(builtAt);

    const source = fileURLToPath(new URL('./platform-build.mjs', import.meta.url));
    const { atime, mtime } = statSync(source);
    try {
      utimesSync(source, atime, new Date(builtAt + 60_000));
      ensurePlatformBuild();
      expect(statSync(platformBundle).mtimeMs).toBeGreaterThan(builtAt);
    } finally {
      utimesSync(source, atime, mtime);
    }
  });
});
