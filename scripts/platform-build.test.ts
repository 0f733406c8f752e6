import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledPackages, ensurePlatformBuild, platformBundle, platformEntry } from './platform-build.mjs';

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

  it('maps the bundle back to the TypeScript sources, which it names without copying them', () => {
    ensurePlatformBuild();
    const bundle = readFileSync(platformBundle, 'utf8');
    const map = JSON.parse(readFileSync(`${platformBundle}.map`, 'utf8')) as {
      sources: string[];
      sourcesContent?: unknown;
    };
    // Node reads each source from its file for an error's code frame (the map stays small).
    expect(map.sourcesContent).toBeUndefined();
    const lines = bundle.split('\n');
    const line = lines.findIndex((text) => text.startsWith('async function start()'));
    expect(line).toBeGreaterThan(0);
    // The map's sources are relative to it.
    const file = (source: string) => fileURLToPath(new URL(source, pathToFileURL(platformBundle)));
    const entry = new SourceMap(map).findEntry(line, 0) as { originalSource?: string };
    expect(file(entry.originalSource ?? '')).toBe(platformEntry);
    for (const source of map.sources) expect(existsSync(file(source)), source).toBe(true);
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
