// The platform's server as one JavaScript module, built from its TypeScript sources when missing or
// older than any of them, so that a (re)start loads one file instead of transpiling some 500
// modules through tsx's loader (docs/benchmarks.md, "Cold start and memory").
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newestChange, repoRoot, withBuildLock } from './front-end-builds.mjs';

export const platformEntry = join(repoRoot, 'apps/platform/src/server.ts');
export const platformBundle = join(repoRoot, 'apps/platform/dist/server.mjs');

// Everything the server's modules import from the repository (the workspace packages are
// TypeScript sources too), and what decides how they are built.
const sources = [
  'apps/platform/src',
  'apps/identity/src',
  'apps/data-holder/src',
  'packages/contracts/src',
  'packages/tenants/src',
  'packages/sdk/src',
  'package-lock.json',
  'scripts/platform-build.mjs',
];

/**
 * Each module keeps its own `import.meta.url`: files are found next to their source (the common
 * passwords, the tenants' logos, the portal's build), and `createRequire` resolves from there.
 */
const ownModuleUrl = {
  name: 'own-module-url',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, ({ path }) => ({
      contents: readFileSync(path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(path).href),
      ),
      loader: path.endsWith('x') ? 'tsx' : 'ts',
    }));
  },
};

/**
 * Pure JavaScript packages made of many small modules are bundled too: kysely (279 files), zod
 * (104) and jose (46) cost a restart about 230, 110 and 65 ms to find, read and link file by file
 * (docs/benchmarks.md, "Cold start and memory"). What checks their classes at run time comes with
 * them (fastify-type-provider-zod, zod's), so the server holds one copy of each.
 */
export const bundledPackages = new Set(['kysely', 'zod', 'jose', 'fastify-type-provider-zod']);

const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Other packages from npm stay where npm put them (native and WebAssembly parts find their files). */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@waratah/') || bundledPackages.has(packageName(path))
        ? undefined
        : { path, external: true },
    );
  },
};

// The bundle names its modules' files by absolute URL, so it belongs to the checkout it was built in.
const builtFor = `// Built from ${pathToFileURL(repoRoot).href} by scripts/platform-build.mjs; not a source.`;

// Only the banner is read: the bundle is most of a megabyte, and this runs before every start.
function bundleStartsWith(text) {
  const expected = Buffer.from(text);
  const head = Buffer.alloc(expected.length);
  const file = openSync(platformBundle, 'r');
  try {
    return readSync(file, head, 0, head.length, 0) === head.length && head.equals(expected);
  } finally {
    closeSync(file);
  }
}

function isCurrent() {
  if (!existsSync(platformBundle)) return false;
  if (!bundleStartsWith(`${builtFor}\n`)) return false;
  const builtAt = statSync(platformBundle).mtimeMs;
  return sources.every((source) => newestChange(join(repoRoot, source)) <= builtAt);
}

/**
 * Builds `apps/platform/dist/server.mjs` (with a source map) unless it is current. The build runs
 * in a child process: esbuild takes plugins only in its asynchronous API, and the callers (the
 * start script, the browser tests' and the benchmarks' launchers) want the bundle before they go on.
 */
export function ensurePlatformBuild() {
  if (isCurrent()) return;
  withBuildLock(() => {
    if (isCurrent()) return;
    console.log('Building the platform (apps/platform/dist/server.mjs) …');
    const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--build'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0)
      throw new Error(`The build of the platform failed (exit ${result.status}); see the output above.`);
  });
}

async function build() {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [platformEntry],
    outfile: platformBundle,
    // Written below, each file under a name of its own and renamed into place: a server starting
    // from the bundle meanwhile (the fault suite's, while a test builds again) reads the old file
    // or the new one, never half of one.
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // The map names each line's source file and place; Node reads the file itself for an error's
    // code frame. Without the sources' text in it the map is 1.3 MB rather than 4.2, and Node's
    // reading of it at every start (`--enable-source-maps`) 42–49 ms rather than 78.
    sourcesContent: false,
    banner: { js: builtFor },
    logLevel: 'error',
    plugins: [ownModuleUrl, npmPackagesOutside],
  });
  mkdirSync(dirname(platformBundle), { recursive: true });
  // The bundle last: its time is what says the build is current.
  const inOrder = [...outputFiles].sort((a, b) => (a.path === platformBundle) - (b.path === platformBundle));
  if (inOrder.at(-1)?.path !== platformBundle) throw new Error(`esbuild wrote no ${platformBundle}`);
  for (const file of inOrder) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, file.contents);
      renameSync(temporary, file.path);
    } finally {
      rmSync(temporary, { force: true });
    }
  }
}

if (process.argv[2] === '--build' && process.argv[1] === fileURLToPath(import.meta.url)) await build();
