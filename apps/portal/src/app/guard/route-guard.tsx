import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { routeHref } from '../../config/route-href.ts';
import type { RouteHandle } from '../../config/routes.ts';
import { useProviderAuth } from '../../lib/auth/provider-auth.tsx';
import { useSessionServices } from '../../lib/auth/session-services.tsx';
import { useSignedIn } from '../../lib/auth/use-signed-in.ts';
import { PageLoading } from '../page-loading.tsx';
import { runRouteGuard } from './run-route-guard.ts';
import { useRouteGuardDependencies } from './use-route-guard-dependencies.ts';

/**
 * Runs the route guard on every navigation, and again when the signed-in state changes (a token
 * expiring signs the visitor out of the page they are on). A page shows only once allowed; until
 * then the page before it stays, so navigating does not flash a spinner.
 *
 * A new query string on the page just let in (a search, a sort, a page of a list, a filter) is let
 * in as it is, unless the route reads its query to decide: nothing the guard checks has changed, and
 * re-running it asked for the adviser's details on every pause in typing a search, one failure of
 * which sent a signed-in adviser to sign in.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const leaf = useMatches().at(-1);
  const navigate = useNavigate();
  const provider = useProviderAuth();
  const signedIn = useSignedIn();
  const deps = useRouteGuardDependencies();
  const { passwordSession } = useSessionServices();
  const latest = useRef({ deps, leaf, location, provider });
  latest.current = { deps, leaf, location, provider };
  const [allowedKey, setAllowedKey] = useState<string | null>(null);
  // The location the guard last ran for: run again for it, the signed-in state changed on the page.
  const guardedKey = useRef<string | null>(null);
  const guardedSignedIn = useRef(signedIn);
  const allowedHere = useRef<{ key: string; pathname: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location key or signed-in state re-runs it; the rest is read fresh.
  useEffect(() => {
    let current = true;
    const { deps: guardDeps, leaf: match, location: here, provider: auth } = latest.current;
    const previousKey = guardedKey.current;
    const samePage = previousKey === here.key;
    const sameSignedIn = guardedSignedIn.current === signedIn;
    guardedKey.current = here.key;
    guardedSignedIn.current = signedIn;
    const handle = match?.handle as RouteHandle | undefined;
    if (!handle) return;
    const allow = () => {
      allowedHere.current = { key: here.key, pathname: here.pathname };
      startTransition(() => setAllowedKey(here.key));
    };
    const last = allowedHere.current;
    if (
      !samePage &&
      sameSignedIn &&
      last?.key === previousKey &&
      last.pathname === here.pathname &&
      !handle.meta.requiredQueryParams
    ) {
      allow();
      return;
    }
    // Let in only by this run: a new query string meanwhile is guarded too, not let in as the page
    // this run may be sending away from (the signed-in state changed on it).
    allowedHere.current = null;
    void runRouteGuard(
      {
        meta: handle.meta,
        redirectTo: handle.redirectTo,
        params: Object.fromEntries(Object.entries(match?.params ?? {}).filter(isDefined)),
        search: here.search,
        hash: here.hash,
        signedOutHere: samePage && !auth && passwordSession.signedOutOnPurpose(),
      },
      guardDeps,
    ).then((decision) => {
      if (!current) return;
      if (decision.type === 'allow') allow();
      else if (decision.type === 'redirect') void navigate(routeHref(decision.to), { replace: true });
      else if (decision.type === 'start-provider-login') auth?.startLogin();
      else auth?.startRegister();
    });
    return () => {
      current = false;
    };
  }, [location.key, signedIn]);

  const shown = useRef<ReactNode>(null);
  if (allowedKey === location.key) shown.current = children;
  return shown.current ?? <PageLoading />;
}

function isDefined(entry: [string, string | undefined]): entry is [string, string] {
  return entry[1] !== undefined;
}
