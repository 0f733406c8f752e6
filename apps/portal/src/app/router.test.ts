import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../config/routes.ts';
import { type AppState, createAppStore } from '../lib/app-state.tsx';
import type { PrefetchServices } from '../lib/page-prefetch.ts';
import { PageLoading } from './page-loading.tsx';
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

    const withServices = frame(createRoutes({ services }));
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

  it('downloads nothing for the pages the external provider stands in for', () => {
    const pageLayouts = (options: Parameters<typeof createRoutes>[0]) =>
      (createRoutes(options)[0]?.children ?? []).flatMap((layout) =>
        (layout.children ?? []).map((page) => ({ layout, page })),
      );
    const find = (options: Parameters<typeof createRoutes>[0], path: string) =>
      pageLayouts(options).find(({ page }) => page.path === path);
    const step = (options: Parameters<typeof createRoutes>[0], path: string) =>
      find(options, '/register')?.page.children?.find((child) => child.path === path);

    // The sign-in page, its sidebar layout and the signed-out registration steps are not fetched.
    const login = find({ providerEnabled: true }, '/');
    expect(login?.page.lazy).toBeUndefined();
    expect(login?.page.Component).toBe(PageLoading);
    expect(login?.layout.lazy).toBeUndefined();
    for (const path of ['profile', 'verify', 'password']) {
      expect(step({ providerEnabled: true }, path)?.Component, path).toBe(PageLoading);
    }
    // What the provider sends the adviser back to is a page as before.
    for (const path of ['company', 'credentials', 'complete']) {
      expect(typeof step({ providerEnabled: true }, path)?.lazy, path).toBe('function');
    }
    // The password tenants' sign-in page loads with its layout.
    expect(typeof find({}, '/')?.page.lazy).toBe('function');
    expect(typeof find({}, '/')?.layout.lazy).toBe('function');
  });
});
