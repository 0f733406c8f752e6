// How the platform process is started, by `npm start`, the browser tests and the benchmarks alike,
// so that each runs it with the same Node flags (docs/benchmarks-history.md, "Answers written, read and
// collected").
import { ensurePlatformBuild, platformBundle, platformEntry } from './platform-build.mjs';

/**
 * V8 collects short-lived objects (rows, strings, answers) in a young generation of two semi-spaces,
 * 16 MB each at most by default. A request's garbage fills it so fast that scavenging ran many
 * times a second under load; 64 MB lets most objects die before a scavenge and gave a page of 100
 * transactions 15–40 % more requests a second on PostgreSQL. The space grows only under load, so
 * memory at rest is unchanged.
 */
export const platformNodeFlags = ['--max-semi-space-size=64'];

/**
 * The executable and arguments that run the platform's server, built first when its sources
 * changed (`scripts/platform-build.mjs`); `nodeFlags` in place of `platformNodeFlags` (the
 * benchmarks run it without them too, to show what they gain). Stack traces name the TypeScript
 * sources through the bundle's source map. `fromSources` runs the TypeScript through tsx instead,
 * as before the bundle (the benchmarks compare the two restarts).
 */
export function platformCommand({ nodeFlags = platformNodeFlags, fromSources = false } = {}) {
  if (fromSources)
    return { command: process.execPath, args: [...nodeFlags, '--import', 'tsx', platformEntry] };
  ensurePlatformBuild();
  return {
    command: process.execPath,
    args: [...nodeFlags, '--enable-source-maps', platformBundle],
  };
}
