import { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@waratah/contracts';
import { createApiClient } from '@waratah/sdk';
import { tenants } from '@waratah/tenants';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../config/routes.ts';
import { type AppState, createAppStore } from '../lib/app-state.tsx';
import type { PrefetchServices } from '../lib/page-prefetch.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { buildAppConfig } from '../testing/build-app-config.ts';
import { buildClient } from '../testing/build-client-data.ts';
import { createFakeApi, json } from '../testing/fake-api.ts';
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

  it('starts no request for a client page whose feature is off, or before the app config is in', {
    timeout: 20_000,
  }, async () => {
    /** Runs the loader of client 7's page at `path` and answers the paths it asked for. */
    const asked = async (path: string, appConfig: AppConfig | null) => {
      const api = createFakeApi({ 'GET /api/admin/users/7': () => json({ data: buildClient() }) });
      const services: PrefetchServices = {
        queryClient: createQueryClient(),
        apiClient: createApiClient({ baseUrl: 'http://moneypartner.localhost:8080', fetch: api.fetch }),
        appStore: createAppStore({
          tenantConfig: tenants.moneypartner,
          envConfig: {},
          appConfig,
        } as unknown as AppState),
        mayPrefetch: () => true,
      };
      const page = createRoutes({ services })[0]
        ?.children?.flatMap((layout) => layout.children ?? [])
        .find((route) => route.path === '/user/details/:id')
        ?.children?.find((child) => child.path === path);
      const loaded = typeof page?.lazy === 'function' ? await page.lazy() : {};
      const loader = 'loader' in loaded ? loaded.loader : undefined;
      if (typeof loader !== 'function') throw new Error(`${path} has no loader`);
      const args = {
        params: { id: '7' },
        request: new Request(`http://moneypartner.localhost/user/details/7/${path}`),
        context: undefined,
      } as unknown as LoaderFunctionArgs;
      await loader(args, undefined);
      return () => api.requests.map(({ url }) => url.pathname);
    };
    const none = async (paths: () => string[]) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(paths()).toEqual([]);
    };
    const includes = (paths: () => string[], path: string) =>
      vi.waitFor(() => expect(paths()).toContain(path));
    const on = buildAppConfig({ features: { view_transactions: true, view_goals: true } });
    const off = buildAppConfig({ features: { view_transactions: false } });

    // The guard sends these to PageNotFound: not one of the client's data is read meanwhile.
    await none(await asked('transactions', off));
    await none(await asked('goals', off));
    await none(await asked('transactions', null));
    // With the feature on, or with no feature to check, the page's data is asked for at once.
    await includes(await asked('transactions', on), '/api/v2/transactions');
    await includes(await asked('goals', on), '/api/v2/goals');
    await includes(await asked('accounts', null), '/api/v2/accounts');
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
