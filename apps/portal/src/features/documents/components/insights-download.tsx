import { requestInsightsExport } from '@waratah/sdk';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { PeriodDocumentDrawer } from './period-document-drawer.tsx';

/** The client's financial overview as a PDF, for a statement period (issue 8). */
export function InsightsDownload({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  return (
    <PeriodDocumentDrawer
      clientId={clientId}
      options="statements"
      name={t('documents.insights.name')}
      triggerLabel={t('documents.insights.trigger')}
      title={t('documents.insights.title')}
      description={t('documents.insights.description')}
      create={(period) => requestInsightsExport(client, period, { userId: clientId })}
    />
  );
}
