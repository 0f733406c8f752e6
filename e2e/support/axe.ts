import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// axe's minified build, of the very axe-core AxeBuilder depends on: the same rules as the 1.3 MB
// source it injects by default, in 0.6 MB the page parses faster on every check.
const axeBuilderPath = createRequire(import.meta.url).resolve('@axe-core/playwright');
const axeSource = readFileSync(createRequire(axeBuilderPath).resolve('axe-core/axe.min.js'), 'utf8');

/** No serious or critical accessibility violation on the page as it stands. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Colours are only measurable at rest: wait for opening dialogs, drawers and toasts to finish
  // their (finite) animations; spinners and shimmers run forever and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe once, in the page itself. The default opens a blank page beside it,
  // injects axe there too and hands it the page's partial results, to merge those of cross-origin
  // frames, which no portal or identity page has: the same rules and results, in a third to a half
  // of the time (about 1.7 → 0.5 s on a small page and 4.7 → 2.0 s on the component gallery,
  // docs/testing.md).
  const results = await new AxeBuilder({ page, axeSource }).setLegacyMode(true).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
    );
  expect(serious).toEqual([]);
}
