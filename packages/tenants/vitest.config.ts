import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'tenants', environment: 'node', include: ['src/**/*.test.ts'] },
});
