import type { FeatureKey } from '@waratah/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import {
  type RouteDefinition,
  type RouteHandle,
  type RouteLayout,
  type RouteName,
  routes,
} from '../config/routes.ts';
import { isFeatureEnabled } from '../lib/app-config/is-feature-enabled.ts';
import { type PagePrefetch, type PrefetchServices, prefetchLoader } from '../lib/page-prefetch.ts';
import { PageLoading } from './page-loading.tsx';
import { RootRoute } from './root-route.tsx';
import { RouteError } from './route-error.tsx';
import type { StartedPortal } from './start-up.ts';

interface RouteModule {
  default: ComponentType;
  /** The page's first requests, started as soon as its module is in (lib/page-prefetch.ts). */
  prefetch?: PagePrefetch;
}

/** Each page's lazy module; a route of the table without one here is not served yet. */
const routeModules: Partial<Record<RouteName, () => Promise<RouteModule>>> = {
  AuthCallback: () => import('./routes/auth-callback.tsx'),
  ErrorPage: () => import('./routes/error.tsx'),
  LoginPage: () => import('./routes/login.tsx'),
  DashboardPage: () => import('./routes/dashboard.tsx'),
  RegisterProfilePage: () => import('./routes/register/profile.tsx'),
  RegisterVerifyPage: () => import('./routes/register/verify.tsx'),
  RegisterPasswordPage: () => import('./routes/register/password.tsx'),
  RegisterCompanyPage: () => import('./routes/register/company.tsx'),
  RegisterCredentialsPage: () => import('./routes/register/credentials.tsx'),
  RegisterCompletePage: () => import('./routes/register/complete.tsx'),
  UnverifiedPage: () => import('./routes/unverified.tsx'),
  DisabledPage: () => import('./routes/disabled.tsx'),
  SetPasswordPage: () => import('./routes/set-password.tsx'),
  ResetPasswordPage: () => import('./routes/reset-password.tsx'),
  ResendResetPasswordPage: () => import('./routes/resend-reset-password.tsx'),
  PageNotFound: () => import('./routes/not-found.tsx'),
  UserDetailsPage: () => import('./routes/user-details/layout.tsx'),
  UserOverviewPage: () => import('./routes/user-details/overview.tsx'),
  UserAccountsPage: () => import('./routes/user-details/accounts.tsx'),
  UserTransactionsPage: () => import('./routes/user-details/transactions.tsx'),
  UserGoalsPage: () => import('./routes/user-details/goals.tsx'),
  UserAddGoalPage: () => import('./routes/user-details/add-goal.tsx'),
  UserFinancialPassportPage: () => import('./routes/user-details/financial-passport.tsx'),
};

// Layouts load with their first page, so the sign-in page never downloads the signed-in frame.
const layouts: Record<RouteLayout, Pick<RouteObject, 'Component' | 'lazy'>> = {
  'main-nav': {
    lazy: async () => ({ Component: (await import('./layouts/main-nav-layout.tsx')).MainNavLayout }),
  },
  sidebar: {
    lazy: async () => ({ Component: (await import('./layouts/sidebar-layout.tsx')).SidebarLayout }),
  },
  none: { Component: Outlet },
};

export interface RouterOptions {
  /** The portal's services, for the pages that start their first requests (lib/page-prefetch.ts). */
  services?: PrefetchServices;
  /** The tenant signs in with the external provider (spec §4). */
  providerEnabled?: boolean;
}

/** The options of the running portal's router. */
export function routerOptionsFor(portal: Pick<StartedPortal, 'prefetch' | 'sso'>): RouterOptions {
  return { services: portal.prefetch, providerEnabled: portal.sso !== null };
}

/**
 * With the external provider, entering the sign-in page or a signed-out registration step starts
 * the provider's login or registration (spec §2, §4): the guard never shows such a page, so its
 * module and layout are not downloaded.
 */
function neverShown(meta: RouteDefinition['meta'], { providerEnabled = false }: RouterOptions): boolean {
  return providerEnabled && meta.withProvider !== undefined;
}

function toRouteObjects(
  { path, meta, redirectTo, children = [] }: RouteDefinition,
  options: RouterOptions,
): RouteObject[] {
  const load = routeModules[meta.name];
  const childRoutes = children.flatMap((child) => toRouteObjects(child, options));
  // A route that only redirects to a child (spec §2) is served for the guard even without a page of its own.
  if (!load && !redirectTo) return [];
  const handle: RouteHandle = { meta, redirectTo };
  return [
    {
      path,
      handle,
      ...(neverShown(meta, options)
        ? { Component: PageLoading }
        : load
          ? { lazy: async () => routeFromModule(await load(), options.services, meta.featureKey) }
          : { Component: Outlet }),
      ...(childRoutes.length > 0 && { children: childRoutes }),
    },
  ];
}

/**
 * A page behind a feature starts its prefetch only when the loaded app config has the feature on:
 * off, the guard sends the adviser to PageNotFound (spec §4, step 5), and a client's data read for a
 * page never shown is still audited by the platform and marks the consent in use. Without the
 * config yet, nothing is started; the page, once let in, asks for itself.
 */
function onlyWithFeature(prefetch: PagePrefetch, featureKey: FeatureKey | undefined): PagePrefetch {
  if (!featureKey) return prefetch;
  return (context) => {
    if (isFeatureEnabled(context.appStore.getState().appConfig, featureKey)) prefetch(context);
  };
}

function routeFromModule(
  { default: Component, prefetch }: RouteModule,
  services: PrefetchServices | undefined,
  featureKey: FeatureKey | undefined,
): Pick<RouteObject, 'Component' | 'loader'> {
  return prefetch && services
    ? { Component, loader: prefetchLoader(onlyWithFeature(prefetch, featureKey), services) }
    : { Component };
}

/** One pathless route per layout in use, holding that layout's pages. */
function layoutRoutes(options: RouterOptions): RouteObject[] {
  const pagesByLayout = new Map<RouteLayout, RouteObject[]>();
  for (const route of routes) {
    const pages = toRouteObjects(route, options);
    if (pages.length === 0) continue;
    const layout = neverShown(route.meta, options) ? 'none' : route.meta.layout;
    pagesByLayout.set(layout, [...(pagesByLayout.get(layout) ?? []), ...pages]);
  }
  return [...pagesByLayout].map(([layout, children]) => ({ ...layouts[layout], children }));
}

/**
 * The spec §2 route table, each page under its layout; the route meta travels as the route's
 * handle. With the running portal's services, pages that have one start their prefetch.
 */
export function createRoutes(options: RouterOptions = {}): RouteObject[] {
  return [
    {
      Component: RootRoute,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      children: layoutRoutes(options),
    },
  ];
}

export function createAppRouter(options: RouterOptions) {
  return createBrowserRouter(createRoutes(options));
}
