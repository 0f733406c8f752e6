import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { type RouteDefinition, type RouteLayout, type RouteName, routes } from '../config/routes.ts';
import { SidebarLayout } from './layouts/sidebar-layout.tsx';
import { PageLoading } from './page-loading.tsx';
import { RootRoute } from './root-route.tsx';
import { RouteError } from './route-error.tsx';

interface RouteModule {
  default: ComponentType;
}

/** The pages built so far; a route of the table without a module here is not served yet. */
const routeModules: Partial<Record<RouteName, () => Promise<RouteModule>>> = {
  LoginPage: () => import('./routes/login.tsx'),
  PageNotFound: () => import('./routes/not-found.tsx'),
};

const layouts: Partial<Record<RouteLayout, ComponentType>> = {
  sidebar: SidebarLayout,
};

function toRouteObjects({ path, meta, children = [] }: RouteDefinition): RouteObject[] {
  const load = routeModules[meta.name];
  if (!load) return [];
  const childRoutes = children.flatMap(toRouteObjects);
  return [
    {
      path,
      handle: meta,
      lazy: async () => ({ Component: (await load()).default }),
      ...(childRoutes.length > 0 && { children: childRoutes }),
    },
  ];
}

/** One pathless route per layout in use, holding that layout's pages. */
function layoutRoutes(): RouteObject[] {
  const pagesByLayout = new Map<RouteLayout, RouteObject[]>();
  for (const route of routes) {
    const pages = toRouteObjects(route);
    if (pages.length === 0) continue;
    pagesByLayout.set(route.meta.layout, [...(pagesByLayout.get(route.meta.layout) ?? []), ...pages]);
  }
  return [...pagesByLayout].map(([layout, children]) => {
    const Layout = layouts[layout];
    // Fail at start-up rather than silently not serving a page whose layout is not built.
    if (!Layout) throw new Error(`The ${layout} layout has no component`);
    return { Component: Layout, children };
  });
}

/** The spec §2 route table, each page under its layout; the route meta travels as the route's handle. */
export function createRoutes(): RouteObject[] {
  return [
    {
      Component: RootRoute,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      children: layoutRoutes(),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
