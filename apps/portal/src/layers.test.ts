import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN §1: inside the portal, `lib/` and `config/` ← `features/<name>/` ← `app/`, and a feature never imports
 * another feature's internals. Until 2026-12-03 nothing but reading kept it so (46 imports across
 * features had crept in); this reads every source file's relative imports and fails on one that
 * reaches the wrong way.
 */
const sourceRoot = dirname(fileURLToPath(import.meta.url));

/** Every .ts and .tsx file under a folder of the portal's sources, as a path from `src/`. */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(sourceRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(sourceRoot, join(entry.parentPath, entry.name)));
}

/** The relative imports of a source (static, dynamic, and `export … from`), each as a path from `src/`. */
function relativeImports(file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']*)'/g)];
  return specifiers.map(([, specifier]) =>
    relative(sourceRoot, resolve(sourceRoot, dirname(file), specifier ?? '')),
  );
}

/** The layer a path from `src/` lies in: `app`, `lib`, `testing`, `features/<name>`, or its first folder. */
function layerOf(path: string): string {
  const [top, name] = path.split(sep);
  return top === 'features' && name !== undefined ? `features/${name}` : (top ?? '');
}

/** What a file in `layer` imports that it may not: the offending import paths. */
function crossings(layer: string, file: string): string[] {
  return relativeImports(file, readFileSync(join(sourceRoot, file), 'utf8')).filter((target) => {
    const to = layerOf(target);
    if (layer.startsWith('features/')) return to === 'app' || (to.startsWith('features/') && to !== layer);
    // Shared code sits below every feature and the app.
    return to === 'app' || to.startsWith('features/');
  });
}

describe('the portal’s layers', () => {
  it('reads an import’s layer from its path', () => {
    expect(
      relativeImports(join('features', 'goals', 'goal-list.tsx'), "import { x } from '../clients/y.ts';"),
    ).toEqual([join('features', 'clients', 'y.ts')]);
    expect(layerOf(join('features', 'clients', 'y.ts'))).toBe('features/clients');
    expect(layerOf(join('lib', 'cents.ts'))).toBe('lib');
  });

  it('keeps each feature to itself, lib/ and the packages: no feature imports another, or the app', () => {
    const features = readdirSync(join(sourceRoot, 'features'));
    expect(features.length).toBeGreaterThan(5);
    const found = features.flatMap((name) =>
      sourceFiles(join('features', name)).flatMap((file) =>
        crossings(`features/${name}`, file).map((target) => `${file} → ${target}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('keeps lib/ and config/ below the features and the app (their tests aside, which may start the app)', () => {
    const found = ['lib', 'config'].flatMap((layer) =>
      sourceFiles(layer)
        .filter((file) => !/\.test\.tsx?$/.test(file))
        .flatMap((file) => crossings(layer, file).map((target) => `${file} → ${target}`)),
    );
    expect(found).toEqual([]);
  });
});
