import { defineConfig } from 'vitest/config';

// One runner for every workspace's unit and integration tests; each workspace is a project
// so that the browser-like ones get jsdom and the server ones stay on Node.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'bench/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
