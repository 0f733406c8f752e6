import type { ManagedUser } from '@waratah/contracts';
import { Tag } from '@waratah/ui';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { consentTagVariant } from '../utils/consent-tag.ts';

/** A client's consent: its status, and when it ends or ended. */
export function ConsentCell({ consent, now }: { consent: ManagedUser['consent']; now: Date }) {
  const { t } = useTranslation();
  if (!consent) return <span className="text-muted-foreground">{t('clients.consent.none')}</span>;
  const expired = consent.status === 'expired';
  const variant = consentTagVariant(consent.status, consent.expiry, now);
  return (
    <div className="flex flex-col items-start gap-1">
      <Tag variant={variant}>
        {t(`clients.consent.${consent.status}`)}
        {/* Amber alone does not say why: a consent ending within 30 days says so in words too. */}
        {variant === 'warning' ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {t('clients.consent.endingSoon')}
          </>
        ) : null}
      </Tag>
      {/* A pending consent has not started; a withdrawn one ended when withdrawn, not at its expiry. */}
      {consent.status === 'pending' || consent.status === 'withdrawn' ? null : (
        <span className="text-muted-foreground text-xs">
          {consent.expiry
            ? t(expired ? 'clients.row.expired' : 'clients.row.expires', { date: formatDate(consent.expiry) })
            : t('clients.row.noExpiry')}
        </span>
      )}
    </div>
  );
}
