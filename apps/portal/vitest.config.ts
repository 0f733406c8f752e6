import { defineProject } from 'vitest/config';

// Deliberately without the Vite plugins: tests render components and never compile Tailwind.
export default defineProject({
  test: {
    name: 'portal',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // The files of a worker share one module graph (React, Radix, the kit): docs/testing.md.
    isolate: false,
  },
});
