import { buttonVariants, Card } from '@waratah/ui';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSignedIn } from '../../../lib/auth/use-signed-in.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export function PageNotFound() {
  const { t } = useTranslation();
  // A signed-in adviser's home is the dashboard: `/` is the sign-in form on the password tenants,
  // whoever asks (before 2026-12-03 it was everyone's home).
  const home = useSignedIn() ? paths.dashboard.getHref() : paths.login.getHref();
  return (
    <Card className="w-full max-w-[30rem] items-center gap-0 px-6 py-12 text-center sm:px-10">
      <p className="font-semibold text-primary text-sm uppercase tracking-[0.16em]">
        {t('errors.notFound.code')}
      </p>
      <h1 className="mt-3 font-semibold text-4xl tracking-tight">{t('errors.notFound.heading')}</h1>
      <p className="mt-4 text-body">{t('errors.notFound.message')}</p>
      <p className="mt-1 text-muted-foreground">{t('errors.notFound.hint')}</p>
      <Link to={home} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        {t('errors.notFound.home')}
      </Link>
    </Card>
  );
}
