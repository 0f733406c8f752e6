import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'data-holder', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
