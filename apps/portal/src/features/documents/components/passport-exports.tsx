import { useQueryClient } from '@tanstack/react-query';
import { requestFinancialPassportExport } from '@waratah/sdk';
import { LoadingStatus, Skeleton } from '@waratah/ui';
import { useId } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { DateRange } from '../../../lib/passport-periods.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { documentsQueryKey, useFinancialPassportExports } from '../api/document-exports.ts';
import { choiceForRange } from '../utils/export-periods.ts';
import { useDocumentSettings } from '../utils/use-document-settings.ts';
import { DocumentJobRow } from './document-job.tsx';
import { PeriodDocumentDrawer } from './period-document-drawer.tsx';

/**
 * Financial passport exports (spec §7): create one for a period of the tenant's passport options
 * (custom dates with generate_fp_custom_date, 3 months with 3m_report), starting from the `range`
 * the page shows; follow it to the file; and the client's earlier exports with their status.
 */
export function PassportExports({ clientId, range }: { clientId: number; range?: DateRange | null }) {
  const { t } = useTranslation();
  const settings = useDocumentSettings('financialPassport');
  const client = useApiClient();
  const queryClient = useQueryClient();
  return (
    <PeriodDocumentDrawer
      clientId={clientId}
      documentKind="financial_passport"
      options="financialPassport"
      triggerVariant="primary"
      name={t('documents.passport.name')}
      triggerLabel={t('documents.passport.trigger')}
      title={t('documents.passport.title')}
      description={t('documents.passport.description')}
      create={(period) => requestFinancialPassportExport(client, period, { userId: clientId })}
      onCreated={() => void queryClient.invalidateQueries({ queryKey: documentsQueryKey(clientId) })}
      preferred={() => choiceForRange(range ?? null, settings.options, settings.customDates, settings.today)}
      after={(createdIds) => <PassportExportList clientId={clientId} hide={createdIds} />}
    />
  );
}

function PassportExportList({ clientId, hide }: { clientId: number; hide: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const exports = useFinancialPassportExports(clientId, true);
  const shown = exports.data?.filter((document) => !hide.has(document.id));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        {t('documents.passport.exports')}
      </h3>
      {exports.isPending ? (
        <LoadingStatus label={t('documents.passport.exportsLoading')} className="flex flex-col gap-2">
          <Skeleton className="h-16 w-full rounded-xl" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </LoadingStatus>
      ) : exports.isError ? (
        <RetryAlert retryLabel={t('documents.retry')} onRetry={() => void exports.refetch()}>
          {t('documents.passport.exportsError')}
        </RetryAlert>
      ) : shown && shown.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-live="polite" data-testid="passport-exports">
          {shown.map((document) => (
            <DocumentJobRow
              key={document.id}
              clientId={clientId}
              name={t('documents.passport.name')}
              document={document}
              autoDownload={false}
            />
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{t('documents.passport.noExports')}</p>
      )}
    </section>
  );
}
