import { defineConfig } from 'vitest/config';

// One runner for every workspace's unit and integration tests; each workspace is a project
// so that the browser-like ones get jsdom and the server ones stay on Node.
export default defineConfig({
  test: {
    // Vitest's default is one fewer than the cores: one worker on the 2-core CI machine, every file in
    // turn. Two run files side by side (docs/testing.md, "Vitest: two workers").
    maxWorkers: 2,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'bench/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
  },
});
