// How the platform process is started, by `npm start`, the browser tests and the benchmarks alike,
// so that each runs it with the same Node flags (docs/benchmarks.md, "Answers written, read and
// collected").
import { join } from 'node:path';
import { repoRoot } from './front-end-builds.mjs';

/**
 * V8 collects short-lived objects (rows, strings, answers) in a young generation of two semi-spaces,
 * 16 MB each at most by default. A request's garbage fills it so fast that scavenging ran many
 * times a second under load; 64 MB lets most objects die before a scavenge and gave a page of 100
 * transactions 15–40 % more requests a second on PostgreSQL. The space grows only under load, so
 * memory at rest is unchanged.
 */
export const platformNodeFlags = ['--max-semi-space-size=64'];

/**
 * The executable and arguments that run the platform's server; `nodeFlags` in place of
 * `platformNodeFlags` (the benchmarks run it without them too, to show what they gain).
 */
export function platformCommand({ nodeFlags = platformNodeFlags } = {}) {
  return {
    command: process.execPath,
    args: [...nodeFlags, '--import', 'tsx', join(repoRoot, 'apps/platform/src/server.ts')],
  };
}
