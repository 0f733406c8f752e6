import { buttonVariants } from '@waratah/ui';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { paths } from '../config/paths.ts';
import { useTranslation } from '../lib/i18n.ts';
import { useIntegrations } from '../lib/integrations/integrations-context.tsx';

/** When a page's code fails to load or render, a readable message rather than a blank page. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { errorReporter } = useIntegrations();

  useEffect(() => {
    errorReporter.report(error);
  }, [error, errorReporter]);

  return (
    <main className="grid min-h-dvh place-items-center bg-background px-6 font-sans text-body">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <h1 className="font-semibold text-2xl">{t('app.routeFailed.heading')}</h1>
        <p className="text-muted-foreground">{t('app.routeFailed.message')}</p>
        {/* A full page load, since the app's own state may be what failed. */}
        <a href={paths.login.getHref()} className={buttonVariants({ size: 'lg' })}>
          {t('app.routeFailed.home')}
        </a>
      </div>
    </main>
  );
}
