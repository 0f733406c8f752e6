import { describe, expect, it } from 'vitest';
import { routes } from '../config/routes.ts';
import { createRoutes } from './router.tsx';

describe('createRoutes', () => {
  it('groups the pages under their layouts, each with its route meta as handle', () => {
    const [root] = createRoutes();
    const layoutRoutes = root?.children ?? [];
    const pages = layoutRoutes.flatMap((layout) => layout.children ?? []);

    expect(layoutRoutes).toHaveLength(3);
    expect(pages.map(({ path }) => path).sort()).toEqual(
      routes
        .map(({ path }) => path)
        .filter((path) => path !== undefined)
        .sort(),
    );
    for (const page of pages) {
      const route = routes.find(({ path }) => path === page.path);
      expect(page.handle).toEqual({ meta: route?.meta, redirectTo: route?.redirectTo });
    }
  });

  it('serves every registration step lazily, and the redirect-only client route for the guard', () => {
    const pages = (createRoutes()[0]?.children ?? []).flatMap((layout) => layout.children ?? []);
    const register = pages.find(({ path }) => path === '/register');
    const userDetails = pages.find(({ path }) => path === '/user/details/:id');

    expect(register?.children?.map(({ path }) => path)).toEqual([
      'profile',
      'verify',
      'password',
      'company',
      'credentials',
      'complete',
    ]);
    expect(register?.children?.every((page) => typeof page.lazy === 'function')).toBe(true);
    expect(userDetails?.handle).toMatchObject({ redirectTo: 'UserOverviewPage' });
  });
});
