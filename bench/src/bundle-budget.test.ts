import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetBreaches, kib, measureBundle } from './bundle-budget.ts';

const dist = join(import.meta.dirname, '../../apps/portal/dist');
const figures = measureBundle(dist);

// CI runs unit tests before the browser tests build the portal; the e2e spec bundle-budget.spec.ts
// and `npm run bench` check the same budgets on a build that certainly exists.
describe.skipIf(!figures)('the portal bundle budget (apps/portal/dist)', () => {
  it('keeps the login route and every client page within budget', () => {
    if (!figures) return;
    console.log(
      `login initial JS ${kib(figures.loginInitialJs.gzipBytes)}; ${figures.clientPages
        .map((page) => `${page.name} ${kib(page.gzipBytes)}`)
        .join(', ')}`,
    );
    expect(figures.clientPages.length).toBeGreaterThan(0);
    expect(budgetBreaches(figures)).toEqual([]);
  });
});
if (!figures) console.log(`Bundle budget skipped: ${dist} is not built (npm run build).`);
