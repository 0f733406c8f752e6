import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'platform',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share one module graph: the app's heavy imports (Fastify, oidc-provider, pdfkit, exceljs)
    // and PGlite's compiled engine load once per run instead of once per file (docs/testing.md).
    // Safe here: these tests mock no modules and fake no timers; every test builds its own app
    // over its own database.
    isolate: false,
  },
});
