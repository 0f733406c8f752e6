import { Spinner } from '@waratah/ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { routeHref } from '../../config/route-href.ts';
import { useSessionServices } from '../../lib/auth/session-services.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/** The provider sends the visitor back here, signed in: on to the route they meant to open, or the dashboard. */
export default function AuthCallbackRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { routeStorage } = useSessionServices();
  const restored = useRef(false);

  useEffect(() => {
    // The saved route is read once; a second run (React's strict mode) must not lose it.
    if (restored.current) return;
    restored.current = true;
    const saved = routeStorage.takeEntryRoute();
    void navigate(routeHref(saved ?? { name: 'DashboardPage' }), { replace: true });
  }, [navigate, routeStorage]);

  return (
    <main className="grid min-h-dvh place-items-center bg-background">
      <h1 className="sr-only">{t('auth.callback.signingIn')}</h1>
      <Spinner label={t('auth.callback.signingIn')} className="size-8 text-primary" />
    </main>
  );
}
