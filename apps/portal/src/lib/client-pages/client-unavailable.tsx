import { buttonVariants, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@waratah/ui';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useTranslation } from '../i18n.ts';

/** In place of a client's pages when the platform will not share their data: why, and the way back. */
export function ClientUnavailable({ reason, headingLevel = 1 }: { reason: string; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto w-full max-w-2xl" data-testid="client-unavailable">
      <CardHeader>
        <CardTitle level={headingLevel}>{t('clientDetails.unavailable.title')}</CardTitle>
        <CardDescription className="text-base">{reason}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to={paths.dashboard.getHref()} className={buttonVariants({ variant: 'primary' })}>
          {t('clientDetails.backToClients')}
        </Link>
      </CardContent>
    </Card>
  );
}
