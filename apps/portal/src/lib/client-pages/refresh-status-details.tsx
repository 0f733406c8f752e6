import type { RefreshStatusBody } from '@waratah/contracts';
import { Tag } from '@waratah/ui';
import { formatDate } from '../format.ts';
import { useTranslation } from '../i18n.ts';
import { isRetriedFailure, refreshExplanation } from './refresh-explanation.ts';

const statusTagVariant = {
  success: 'success',
  adding: 'primary',
  updating: 'primary',
  needs_action: 'warning',
  failed: 'error',
} as const;

const timestamp: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** A connection's refresh status as a badge, in plain words, and when it last refreshed. */
export function RefreshStatusBadge({ refresh }: { refresh: RefreshStatusBody }) {
  const { t } = useTranslation();
  return (
    <Tag variant={statusTagVariant[refresh.status]} data-status={refresh.status}>
      {t(`clientDetails.providerAccountStatus.${refresh.status}`)}
    </Tag>
  );
}

export function RefreshStatusText({ refresh }: { refresh: RefreshStatusBody }) {
  const { t } = useTranslation();
  const explanation = refreshExplanation(refresh);
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      {explanation ? (
        <p className="text-body">
          {explanation.kind === 'subStatus'
            ? t(`clientDetails.refreshSubStatus.${explanation.key}`)
            : t(`clientDetails.refreshStatus.${explanation.key}`)}
        </p>
      ) : null}
      {/* A temporary failure is the platform's to retry, never the client's to fix; the status's own
          sentence already says so, the more specific sub-status's does not. */}
      {isRetriedFailure(refresh) && explanation?.kind === 'subStatus' ? (
        <p className="text-body">{t('clientDetails.refresh.retriedAutomatically')}</p>
      ) : null}
      <p className="text-muted-foreground">
        {refresh.last_refreshed
          ? t('clientDetails.refresh.lastRefreshed', { date: formatDate(refresh.last_refreshed, timestamp) })
          : t('clientDetails.refresh.neverRefreshed')}
      </p>
    </div>
  );
}
