import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@waratah/sdk';
import type { LoaderFunction, Params } from 'react-router';
import type { AppStore } from './app-state.tsx';

/** What a page's prefetch starts its requests with. */
export interface PagePrefetchContext {
  queryClient: QueryClient;
  apiClient: ApiClient;
  appStore: AppStore;
  /** The route's path parameters, as the page reads them; unchecked. */
  params: Params;
  search: URLSearchParams;
}

/**
 * A page's first requests, started into the query cache as soon as its module is in, beside the
 * route guard's and its frame's, rather than once the page has rendered; the page's own queries
 * then find them on their way. Starts requests only: it never waits and never throws.
 */
export type PagePrefetch = (context: PagePrefetchContext) => void;

/** The running portal's side of a prefetch. */
export interface PrefetchServices {
  queryClient: QueryClient;
  apiClient: ApiClient;
  appStore: AppStore;
  /**
   * True only when a request would be answered: a password tenant's live session. A signed-out
   * visitor's page asks for nothing before the guard sends them to sign in; the single sign-on
   * tenant's state is known only once its provider has loaded, so its pages ask for themselves.
   */
  mayPrefetch(): boolean;
}

/** A route loader that starts the page's prefetch and lets the navigation go on at once. */
export function prefetchLoader(prefetch: PagePrefetch, services: PrefetchServices): LoaderFunction {
  return ({ params, request }) => {
    if (!services.mayPrefetch()) return null;
    try {
      prefetch({
        queryClient: services.queryClient,
        apiClient: services.apiClient,
        appStore: services.appStore,
        params,
        search: new URL(request.url).searchParams,
      });
    } catch (error) {
      // A prefetch only saves time: the page asks for itself.
      console.warn('A page prefetch failed', error);
    }
    return null;
  };
}
