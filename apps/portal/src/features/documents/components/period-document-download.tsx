import { requestInsightsExport, requestTransactionsExport } from '@waratah/sdk';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { PeriodDocumentDrawer } from './period-document-drawer.tsx';

/** The documents asked for with a statement period, and how each is requested. */
const periodDocuments = {
  /** The client's financial overview as a PDF. */
  insights: requestInsightsExport,
  /** The client's transactions as an XLSX workbook. */
  transactions: requestTransactionsExport,
} as const;

export type PeriodDocumentKind = keyof typeof periodDocuments;

/** A document of a statement period (issue 8): its button, drawer and strings come from `kind`. */
export function PeriodDocumentDownload({ kind, clientId }: { kind: PeriodDocumentKind; clientId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const request = periodDocuments[kind];
  return (
    <PeriodDocumentDrawer
      clientId={clientId}
      documentKind={kind}
      options="statements"
      name={t(`documents.${kind}.name`)}
      triggerLabel={t(`documents.${kind}.trigger`)}
      title={t(`documents.${kind}.title`)}
      description={t(`documents.${kind}.description`)}
      create={(period) => request(client, period, { userId: clientId })}
    />
  );
}
