import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { routeHref } from '../config/route-href.ts';
import type { RouteHandle } from '../config/routes.ts';
import { useProviderAuth } from '../lib/auth/provider-auth.tsx';
import { useSessionServices } from '../lib/auth/session-services.tsx';

/**
 * Spec §4 session timeout: a 401 while a session is stored opens the modal, saves the route
 * (name, params, query and hash) and sends the visitor to sign in, after which the route is restored.
 * With single sign-on, 'Try again' starts the provider's login itself, and the route saved stays.
 */
export function SessionTimeout() {
  const { unauthorized, passwordSession, routeStorage } = useSessionServices();
  const provider = useProviderAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const leaf = useMatches().at(-1);
  const [open, setOpen] = useState(false);
  // Single sign-on: 'Try again' has left for the provider's login; the route saved is the one to restore.
  const leaving = useRef(false);
  const latest = useRef({ location, leaf, provider, open });
  latest.current = { location, leaf, provider, open };
  const login = routeHref({ name: 'LoginPage' });

  useEffect(
    () =>
      unauthorized.subscribe(() => {
        const { location: here, leaf: match, provider: auth, open: alreadyOpen } = latest.current;
        const hasSession = auth ? auth.isLoggedIn : passwordSession.hasStoredSession();
        if (leaving.current || alreadyOpen || !hasSession) return;
        const handle = match?.handle as RouteHandle | undefined;
        if (handle?.meta.auth) {
          routeStorage.saveEntryRoute({
            name: handle.meta.name,
            params: Object.fromEntries(
              Object.entries(match?.params ?? {}).flatMap(([k, v]) => (v ? [[k, v]] : [])),
            ),
            query: Object.fromEntries(new URLSearchParams(here.search)),
            hash: here.hash,
          });
        }
        setOpen(true);
        if (auth) return;
        // The stored token no longer works; the sign-in page behind the modal is where 'Try again' leads.
        passwordSession.clear();
        void navigate(login);
      }),
    [unauthorized, passwordSession, routeStorage, navigate, login],
  );

  function close(next: boolean) {
    setOpen(next);
    if (next || !provider) return;
    // Not by the sign-in page: its cookie still reads signed in, so it would send the adviser to the
    // dashboard, whose own 401 would save the dashboard over the page they were on (before 2026-12-02).
    leaving.current = true;
    provider.startLogin();
  }

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeoutModal onOpenChange={close} />
    </Suspense>
  );
}

// Fetched only when a session times out.
const SessionTimeoutModal = lazy(async () => ({
  default: (await import('./session-timeout-modal.tsx')).SessionTimeoutModal,
}));
