import { requestAccountSummary } from '@waratah/sdk';
import { DatePicker } from '@waratah/ui';
import { useState } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useDocumentSettings } from '../utils/use-document-settings.ts';
import { DocumentRequestDrawer } from './document-request-drawer.tsx';

/** The account-balance summary (spec §1, §7): every account's balance at the end of a day, today by default. */
export function AccountSummaryDownload({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { today } = useDocumentSettings('statements');
  const [asOf, setAsOf] = useState('');
  return (
    <DocumentRequestDrawer
      clientId={clientId}
      documentKind="account_summary"
      triggerLabel={t('documents.summary.trigger')}
      title={t('documents.summary.title')}
      description={t('documents.summary.description')}
      requests={() => [
        {
          name: t('documents.summary.name'),
          create: () => requestAccountSummary(client, asOf ? { as_of_date: asOf } : {}, { userId: clientId }),
        },
      ]}
    >
      <DatePicker
        name="summary-as-of"
        label={t('documents.summary.asOf')}
        placeholder={t('documents.summary.asOfHint')}
        maxDate={today}
        value={asOf}
        onValueChange={setAsOf}
      />
    </DocumentRequestDrawer>
  );
}
