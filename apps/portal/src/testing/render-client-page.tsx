import type { FeatureKey } from '@waratah/contracts';
import { buildAdminUserDetails } from './build-admin-user-details.ts';
import { buildAppConfig } from './build-app-config.ts';
import { buildClient } from './build-client-data.ts';
import { adminUserDetailsRoute, appConfigRoute, createFakeApi, type FakeRoutes, json } from './fake-api.ts';
import { renderPortal } from './render.tsx';

const allClientFeatures: Partial<Record<FeatureKey, boolean>> = {
  view_transactions: true,
  view_goals: true,
  goals: true,
};

export interface RenderClientPageOptions {
  url: string;
  routes?: FakeRoutes;
  features?: Partial<Record<FeatureKey, boolean>>;
  host?: string;
}

/** A signed-in adviser of a password tenant opening one of client 7's pages. */
export async function renderClientPage({
  url,
  routes = {},
  features = allClientFeatures,
  host,
}: RenderClientPageOptions) {
  const api = createFakeApi({
    [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails() }),
    [appConfigRoute]: () => json({ data: buildAppConfig({ features }) }),
    'GET /api/admin/users/7': () => json({ data: buildClient() }),
    ...routes,
  });
  return renderPortal({ url, api, signedInFor: 600, ...(host ? { host } : {}) });
}
