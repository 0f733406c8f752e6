import type { ManagedUser } from '@waratah/contracts';
import { Tag } from '@waratah/ui';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { clientName } from '../utils/client-name.ts';

/** Who the adviser is looking at: name, e-mail and the state of their consent. */
export function ClientHeader({ client }: { client: ManagedUser }) {
  const { t } = useTranslation();
  const consent = client.consent;
  const expiry = consent?.expiry ? formatDate(consent.expiry) : null;
  return (
    <div className="flex flex-col gap-3">
      <Link
        to={paths.dashboard.getHref()}
        className="w-fit rounded-sm text-link text-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
      >
        <span aria-hidden="true">← </span>
        {t('clientDetails.backToClients')}
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="truncate font-semibold text-3xl tracking-tight">{clientName(client)}</h1>
          <p className="truncate text-muted-foreground">{client.email}</p>
        </div>
        <p className="flex items-center gap-2 text-sm" data-testid="client-consent">
          <span className="text-muted-foreground">{t('clientDetails.consent.label')}</span>
          <Tag variant={consent ? consentTagVariant[consent.status] : 'neutral'}>
            {consent ? t(`clientDetails.consent.status.${consent.status}`) : t('clientDetails.consent.none')}
          </Tag>
          {consent && expiry && consent.status !== 'withdrawn' ? (
            <span className="text-muted-foreground">
              {consent.status === 'expired'
                ? t('clientDetails.consent.expiredOn', { date: expiry })
                : t('clientDetails.consent.expires', { date: expiry })}
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}

const consentTagVariant = {
  pending: 'warning',
  active: 'success',
  in_use: 'success',
  expired: 'error',
  withdrawn: 'error',
} as const;
