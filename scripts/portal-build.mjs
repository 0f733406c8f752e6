// Builds the portal when its build is missing or older than any of its sources, so that
// `npm start` and the browser tests on a fresh clone never serve a stale or absent portal.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(repoRoot, 'apps/portal/dist/index.html');
const sources = [
  'apps/portal/src',
  'apps/portal/index.html',
  'apps/portal/vite.config.ts',
  'apps/portal/package.json',
  'packages/ui/src',
  'packages/tenants/src',
  'packages/tenants/public',
  'packages/sdk/src',
  'packages/contracts/src',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export function portalBuildIsCurrent() {
  if (!existsSync(builtIndex)) return false;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.every((source) => newestChange(join(repoRoot, source)) <= builtAt);
}

export function ensurePortalBuild() {
  if (portalBuildIsCurrent()) return;
  console.log('Building the portal (apps/portal) …');
  const result = spawnSync('npm', ['run', 'build', '-w', '@waratah/portal'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    throw new Error(`The portal build failed (exit ${result.status}); see the output above.`);
  }
}
