import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { onTestFinished } from 'vitest';
import { App } from '../app/app.tsx';
import { createRoutes, routerOptionsFor } from '../app/router.tsx';
import { startUp } from '../app/start-up.ts';
import { appConfigQueryOptions } from '../lib/app-config/app-config-query.ts';
import type { AppState } from '../lib/app-state.tsx';
import { createFakeApi, type FakeApi } from './fake-api.ts';

export interface RenderPortalOptions {
  /** The page's path, query and hash. */
  url?: string;
  /** Picks the tenant, as the browser's host does (spec §1). */
  host?: string;
  api?: FakeApi;
  /** App state already known before the first render, e.g. a stored app config. */
  appState?: Partial<AppState>;
  /** A password tenant's session from an earlier sign-in, valid for this many seconds. */
  signedInFor?: number;
}

/** The whole portal as a browser gets it: the real start-up, providers and routes, over a fake platform. */
export async function renderPortal({
  url = '/',
  host = 'moneypartner.localhost:8080',
  api = createFakeApi(),
  appState = {},
  signedInFor,
}: RenderPortalOptions = {}) {
  if (signedInFor !== undefined) storeSession(signedInFor);
  const portal = await startUp({ location: { host, protocol: 'http:' }, fetch: api.fetch });
  // The session's timers and storage listener and the cached queries' timers would outlive the
  // test, and the files of a worker share one page (vitest.config.ts).
  onTestFinished(() => {
    portal.session.passwordSession.dispose();
    portal.queryClient.clear();
  });
  if (appState.appConfig !== undefined) {
    // The named config wins over the one start-up asked the fake platform for: that request is let
    // finish first (it would store its answer when it came), then the named one is stored and cached.
    const appConfig = appConfigQueryOptions({ client: portal.apiClient, appStore: portal.appStore });
    await portal.queryClient.fetchQuery(appConfig).catch(() => undefined);
    portal.queryClient.setQueryData(appConfig.queryKey, appState.appConfig ?? undefined);
  }
  portal.appStore.setState(appState);
  const router = createMemoryRouter(createRoutes(routerOptionsFor(portal)), { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(<App portal={portal} router={router} />);
  return { ...view, api, portal, router, user };
}

export const storedAccessToken = 'stored-access-token';

function storeSession(seconds: number) {
  window.localStorage.setItem('waratah.accessToken', storedAccessToken);
  window.localStorage.setItem('waratah.accessTokenExpiresAt', String(Date.now() + seconds * 1000));
}
