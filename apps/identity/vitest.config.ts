import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'identity', environment: 'node', include: ['src/**/*.test.ts'] },
});
