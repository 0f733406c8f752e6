import { defineProject } from 'vitest/config';

// Deliberately without the Vite plugins: tests render components and never compile Tailwind.
export default defineProject({
  test: {
    name: 'portal',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
});
