// Builds the portal and the component gallery when a build is missing or older than any of its
// sources, so that `npm start` and the browser tests on a fresh clone never serve a stale or
// absent front end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

const sharedSources = [
  'packages/ui/src',
  'packages/tenants/src',
  'packages/tenants/public',
  'packages/ui/package.json',
];

const frontEnds = [
  {
    name: 'the portal (apps/portal)',
    builtIndex: 'apps/portal/dist/index.html',
    command: ['run', 'build', '-w', '@waratah/portal'],
    sources: [
      ...sharedSources,
      'apps/portal/src',
      'apps/portal/index.html',
      'apps/portal/vite.config.ts',
      'apps/portal/package.json',
      'packages/sdk/src',
      'packages/contracts/src',
    ],
  },
  {
    name: 'the component gallery (packages/ui/gallery)',
    builtIndex: 'packages/ui/gallery/dist/index.html',
    command: ['run', 'gallery:build', '-w', '@waratah/ui'],
    sources: [...sharedSources, 'packages/ui/gallery', 'packages/ui/vite.gallery.config.ts'],
  },
];

/** The newest modification time under `path` (a file or a folder), 0 when it is absent. */
export function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A build's own output is not one of its sources.
  if (path.endsWith('/dist')) return 0;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function isCurrent({ builtIndex, sources }) {
  const built = join(repoRoot, builtIndex);
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return sources.every((source) => newestChange(join(repoRoot, source)) <= builtAt);
}

const lockDir = join(repoRoot, 'node_modules', '.front-end-build.lock');
const staleLockMs = 5 * 60_000;

function lockAgeMs() {
  try {
    return Date.now() - statSync(lockDir).mtimeMs;
  } catch {
    return 0; // released meanwhile
  }
}

/** Waits for (and takes) a directory lock, so that two processes never build into one `dist`. */
export function withBuildLock(build) {
  const waitUntil = Date.now() + staleLockMs;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock older than any build is left over from a killed process.
      if (Date.now() > waitUntil || lockAgeMs() > staleLockMs) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    build();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

export function ensureFrontEndBuilds() {
  if (frontEnds.every(isCurrent)) return;
  withBuildLock(() => {
    for (const frontEnd of frontEnds) {
      if (isCurrent(frontEnd)) continue;
      console.log(`Building ${frontEnd.name} …`);
      const result = spawnSync('npm', frontEnd.command, { cwd: repoRoot, stdio: 'inherit' });
      if (result.status !== 0) {
        throw new Error(
          `The build of ${frontEnd.name} failed (exit ${result.status}); see the output above.`,
        );
      }
    }
  });
}
