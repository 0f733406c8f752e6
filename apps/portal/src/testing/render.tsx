import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app.tsx';
import { createRoutes } from '../app/router.tsx';
import { startUp } from '../app/start-up.ts';
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
  portal.appStore.setState(appState);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(<App portal={portal} router={router} />);
  return { ...view, api, portal, router, user };
}

export const storedAccessToken = 'stored-access-token';

function storeSession(seconds: number) {
  window.localStorage.setItem('waratah.accessToken', storedAccessToken);
  window.localStorage.setItem('waratah.accessTokenExpiresAt', String(Date.now() + seconds * 1000));
}
