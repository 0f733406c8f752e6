import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Screenshots kept for people to look at (e2e/.artifacts/screenshots, ignored by git). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: join(import.meta.dirname, '..', '.artifacts', 'screenshots', `${name}.png`),
    fullPage: true,
  });
}
