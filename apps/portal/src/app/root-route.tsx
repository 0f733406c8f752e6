import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import type { RouteMeta } from '../config/routes.ts';
import { useAppState } from '../lib/app-state.tsx';
import { setDocumentTitle } from './document-title.ts';

/** Above every page: the spec's router behaviour that does not depend on which page it is. */
export function RootRoute() {
  const { key } = useLocation();
  const meta = useMatches().at(-1)?.handle as RouteMeta | undefined;
  const tenantName = useAppState((state) => state.tenantConfig.name);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation has a new key, and each one scrolls to the top (spec §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);

  useEffect(() => {
    setDocumentTitle({ pageTitle: meta?.title, tenantName });
  }, [meta, tenantName]);

  return <Outlet />;
}
