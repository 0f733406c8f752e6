import { defineProject } from 'vitest/config';

export default defineProject({
  // Files share one module graph (docs/testing.md): each test builds its own holder, nothing is mocked.
  test: {
    name: 'data-holder',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    isolate: false,
  },
});
