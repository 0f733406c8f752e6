import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium-launch.ts';

// The real server is started once by global-setup on a free port with a fresh data dir
// (or a fresh PostgreSQL database when DATABASE_URL is set); every spec talks to it.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '.artifacts/results',
  globalSetup: './support/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One retry on CI: a journey that passes only on retry is reported as flaky in the summary.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    reducedMotion: 'reduce',
    launchOptions: chromiumLaunchOptions,
  },
});
