import { requestTransactionsExport } from '@waratah/sdk';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { PeriodDocumentDrawer } from './period-document-drawer.tsx';

/** The client's transactions of a statement period as an XLSX workbook (issue 8). */
export function TransactionsSpreadsheetDownload({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  return (
    <PeriodDocumentDrawer
      clientId={clientId}
      options="statements"
      name={t('documents.transactions.name')}
      triggerLabel={t('documents.transactions.trigger')}
      title={t('documents.transactions.title')}
      description={t('documents.transactions.description')}
      create={(period) => requestTransactionsExport(client, period, { userId: clientId })}
    />
  );
}
