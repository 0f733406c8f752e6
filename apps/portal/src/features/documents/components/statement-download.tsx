import { requestStatement } from '@waratah/sdk';
import { Dropdown } from '@waratah/ui';
import { useState } from 'react';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { accountDisplayName } from '../../../lib/client-pages/account-display-name.ts';
import { useClientAccounts } from '../../../lib/client-pages/list-client-accounts.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { customPeriod, initialChoice, type PeriodChoice, periodRequest } from '../utils/export-periods.ts';
import { useDocumentSettings } from '../utils/use-document-settings.ts';
import { DocumentRequestDrawer } from './document-request-drawer.tsx';
import { PeriodFields } from './period-fields.tsx';

const allAccounts = 'all';

/**
 * Account statements (spec §1, §7): a PDF per account for a period of the tenant's statement
 * options, custom dates with generate_bank_statement_custom_date; 'All accounts' makes one each.
 */
export function StatementDownload({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const accounts = useClientAccounts(clientId);
  const settings = useDocumentSettings('statements');
  const [account, setAccount] = useState(allAccounts);
  const [choice, setChoice] = useState<PeriodChoice>(() => initialChoice(settings.options));
  const [touched, setTouched] = useState(false);
  const list = accounts.data ?? [];
  const offered =
    settings.options.some((option) => option.value === choice.period) ||
    (choice.period === customPeriod && settings.customDates);
  const current = offered ? choice : initialChoice(settings.options);
  const nameOf = (id: number) => {
    const found = list.find((item) => item.id === id);
    return found ? accountDisplayName(found) : String(id);
  };

  return (
    <DocumentRequestDrawer
      clientId={clientId}
      documentKind="statement"
      triggerLabel={t('documents.statement.trigger')}
      title={t('documents.statement.title')}
      description={t('documents.statement.description')}
      disabled={accounts.isSuccess && list.length === 0}
      requests={() => {
        const period = periodRequest(current);
        if (!period || list.length === 0) return null;
        const ids = account === allAccounts ? list.map((item) => item.id) : [Number(account)];
        return ids.map((id) => ({
          name: t('documents.statement.name', { account: nameOf(id) }),
          create: () => requestStatement(client, { account_id: id, ...period }, { userId: clientId }),
        }));
      }}
      onInvalid={() => setTouched(true)}
    >
      <Dropdown
        label={t('documents.statement.account')}
        name="statement-account"
        options={[
          { value: allAccounts, label: t('documents.statement.allAccounts') },
          ...list.map((item) => ({ value: String(item.id), label: accountDisplayName(item) })),
        ]}
        value={account}
        onValueChange={setAccount}
        disabled={!accounts.isSuccess}
        error={
          accounts.isError
            ? t('documents.statement.accountsError')
            : touched && accounts.isSuccess && list.length === 0
              ? t('documents.statement.noAccounts')
              : undefined
        }
      />
      <PeriodFields
        name="statement"
        options={settings.options}
        customDates={settings.customDates}
        value={current}
        onChange={setChoice}
        today={settings.today}
        touched={touched}
      />
    </DocumentRequestDrawer>
  );
}
