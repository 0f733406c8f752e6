import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'identity',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Most tests run the platform with the identity mounted over a fresh database: slow to build.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // As the platform's: one module graph for every file, so the platform loads once (docs/testing.md).
    isolate: false,
  },
});
