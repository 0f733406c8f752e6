import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // The files of a worker share one module graph (React, Radix, the kit): docs/testing.md.
    isolate: false,
  },
});
