import { buttonVariants, Card } from '@waratah/ui';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSignedIn } from '../../../lib/auth/use-signed-in.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Spec §2 '/error': where the portal sends a visitor when something failed on its side. */
export function ErrorPage() {
  const { t } = useTranslation();
  // A signed-in adviser goes on to the dashboard: `/` is the sign-in form on the password tenants,
  // whoever asks (before 2026-12-03 it was everyone's way on).
  const signedIn = useSignedIn();
  return (
    <Card className="w-full max-w-[30rem] items-center gap-0 px-6 py-12 text-center sm:px-10">
      <h1 className="font-semibold text-3xl tracking-tight">{t('errors.page.heading')}</h1>
      <p className="mt-4 text-body">{t('errors.page.message')}</p>
      <Link
        to={signedIn ? paths.dashboard.getHref() : paths.login.getHref()}
        className={buttonVariants({ size: 'lg', className: 'mt-8' })}
      >
        {signedIn ? t('errors.page.dashboard') : t('errors.page.home')}
      </Link>
    </Card>
  );
}
