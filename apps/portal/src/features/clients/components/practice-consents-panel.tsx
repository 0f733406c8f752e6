import { consentExpiringWithinDays, type PracticeConsent } from '@waratah/contracts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  LoadingStatus,
  SkeletonText,
  Tag,
} from '@waratah/ui';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { type Translate, useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { usePracticeConsents } from '../api/get-practice-consents.ts';
import { clientName } from '../utils/client-name.ts';

/** The practice-wide panel: consents ending within 30 days, and those expired or withdrawn. */
export function PracticeConsentsPanel() {
  const { t } = useTranslation();
  const consents = usePracticeConsents();
  const days = consentExpiringWithinDays;
  return (
    <Card role="region" aria-labelledby="practice-consents-heading">
      <CardHeader>
        <CardTitle id="practice-consents-heading">{t('clients.consents.heading')}</CardTitle>
        <CardDescription>{t('clients.consents.description', { days })}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* A background refetch that fails keeps the lists shown (before 2026-12-02 it replaced them).
            'Try again' waits out a busy platform's Retry-After (before 2026-12-03 it did not). */}
        {consents.isError && !consents.data ? (
          <RetryAlert
            retryLabel={t('clients.consents.retry')}
            onRetry={() => void consents.refetch()}
            errors={[consents.error]}
          >
            {t('clients.consents.error')}
          </RetryAlert>
        ) : consents.data ? (
          <div className="grid gap-6 md:grid-cols-2">
            <ConsentGroup
              heading={t('clients.consents.expiringHeading', { days })}
              empty={t('clients.consents.expiringEmpty', { days })}
              consents={consents.data.expiring}
              total={consents.data.expiring_total}
              dateKey="clients.consents.expiresOn"
            />
            <ConsentGroup
              heading={t('clients.consents.endedHeading')}
              empty={t('clients.consents.endedEmpty')}
              consents={consents.data.ended}
              total={consents.data.ended_total}
              dateKey="clients.consents.endedOn"
            />
          </div>
        ) : (
          <LoadingStatus label={t('clients.consents.loading')}>
            <SkeletonText lines={4} />
          </LoadingStatus>
        )}
      </CardContent>
    </Card>
  );
}

/** When a consent ends or ended: a withdrawn one when it was withdrawn, any other at its expiry. */
function consentDate(consent: PracticeConsent, dateKey: ConsentGroupProps['dateKey'], t: Translate) {
  if (consent.status === 'withdrawn') {
    return consent.withdrawn_at
      ? t('clients.consents.withdrawnOn', { date: formatDate(consent.withdrawn_at) })
      : null;
  }
  return consent.expiry ? t(dateKey, { date: formatDate(consent.expiry) }) : null;
}

interface ConsentGroupProps {
  heading: string;
  empty: string;
  consents: PracticeConsent[];
  total: number;
  dateKey: 'clients.consents.expiresOn' | 'clients.consents.endedOn';
}

function ConsentGroup({ heading, empty, consents, total, dateKey }: ConsentGroupProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-3">
      <h3 className="font-semibold text-base">
        {heading} <span className="font-normal text-muted-foreground">({total})</span>
      </h3>
      {consents.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {consents.map((consent) => (
            <li key={consent.client_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                to={paths.userDetails.root.getHref(String(consent.client_id))}
                className="font-medium text-link underline-offset-2 hover:underline"
              >
                {clientName(consent)}
              </Link>
              <span className="flex items-center gap-2 text-muted-foreground text-sm">
                {consentDate(consent, dateKey, t)}
                <Tag
                  variant={
                    consent.status === 'withdrawn' || consent.status === 'expired' ? 'error' : 'warning'
                  }
                >
                  {t(`clients.consent.${consent.status}`)}
                </Tag>
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > consents.length ? (
        <p className="text-muted-foreground text-sm">
          {t('clients.consents.more', { count: total - consents.length })}
        </p>
      ) : null}
    </section>
  );
}
