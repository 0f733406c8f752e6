import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../config/routes.ts';
import { type AppState, createAppStore } from '../lib/app-state.tsx';
import type { PrefetchServices } from '../lib/page-prefetch.ts';
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

  it("gives the client frame and its pages with a prefetch a loader that starts it, with the portal's services", async () => {
    const services: PrefetchServices = {
      queryClient: new QueryClient(),
      apiClient: { baseUrl: '', request: vi.fn(), requestBlob: vi.fn() },
      appStore: createAppStore({} as AppState),
      mayPrefetch: () => false,
    };
    const frame = (routes: RouteObject[]) =>
      routes[0]?.children
        ?.flatMap((layout) => layout.children ?? [])
        .find(({ path }) => path === '/user/details/:id');
    const resolve = async (route: RouteObject | undefined) =>
      typeof route?.lazy === 'function' ? await route.lazy() : {};

    const withServices = frame(createRoutes(services));
    const prefetched = ['overview', 'accounts', 'transactions', 'goals', 'financial-passport'];
    expect(await resolve(withServices)).toHaveProperty('loader');
    for (const page of withServices?.children ?? []) {
      const loaded = await resolve(page);
      expect(Boolean(loaded && 'loader' in loaded), String(page.path)).toBe(
        prefetched.includes(String(page.path)),
      );
    }
    expect(await resolve(frame(createRoutes()))).not.toHaveProperty('loader');
  });
});
