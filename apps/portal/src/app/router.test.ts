import { describe, expect, it } from 'vitest';
import { routes } from '../config/routes.ts';
import { createRoutes } from './router.tsx';

describe('createRoutes', () => {
  it('serves the pages built so far under their layout, each with its route meta as handle', () => {
    const [root] = createRoutes();
    const layoutRoutes = root?.children ?? [];
    const pages = layoutRoutes.flatMap((layout) => layout.children ?? []);

    expect(layoutRoutes).toHaveLength(1);
    expect(pages.map(({ path, handle }) => [path, handle])).toEqual([
      ['/', routes.find(({ meta }) => meta.name === 'LoginPage')?.meta],
      ['*', routes.find(({ meta }) => meta.name === 'PageNotFound')?.meta],
    ]);
    expect(pages.every((page) => typeof page.lazy === 'function')).toBe(true);
  });
});
