import { LoadingStatus, Skeleton } from '@waratah/ui';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useClientAccounts } from '../../client-details/api/list-client-accounts.ts';
import { useClientProviderAccounts } from '../../client-details/api/list-client-provider-accounts.ts';
import { ClientDataError } from '../../client-details/components/client-data-error.tsx';
import { groupByProvider } from '../utils/group-by-provider.ts';
import { ProviderAccountsCard } from './provider-accounts-card.tsx';

export interface ClientAccountsPageProps {
  clientId: number;
  /**
   * The header's slot for the statement and account-balance summary downloads (issue 7), which
   * the documents feature provides; the route module passes them in.
   */
  documentsActions?: ReactNode;
}

/** The client's accounts grouped by the institution they come from (spec §2 accounts). */
export function ClientAccountsPage({ clientId, documentsActions }: ClientAccountsPageProps) {
  const { t } = useTranslation();
  const accounts = useClientAccounts(clientId);
  const providerAccounts = useClientProviderAccounts(clientId);
  const retry = () => {
    if (accounts.isError) void accounts.refetch();
    if (providerAccounts.isError) void providerAccounts.refetch();
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold text-2xl tracking-tight">{t('accounts.heading')}</h2>
          {accounts.data ? (
            <p className="text-muted-foreground" data-testid="accounts-count">
              {t('accounts.count', { count: accounts.data.length })}
            </p>
          ) : null}
        </div>
        <div data-slot="account-documents-actions" className="flex flex-wrap gap-2">
          {documentsActions}
        </div>
      </div>
      {accounts.isPending || providerAccounts.isPending ? (
        <AccountsLoading label={t('accounts.loading')} />
      ) : accounts.isError || providerAccounts.isError ? (
        <ClientDataError
          error={accounts.error ?? providerAccounts.error}
          title={t('accounts.error')}
          onRetry={retry}
        />
      ) : providerAccounts.data.length === 0 && accounts.data.length === 0 ? (
        <p className="rounded-2xl border border-border border-dashed px-6 py-10 text-center text-muted-foreground">
          {t('accounts.empty')}
        </p>
      ) : (
        groupByProvider(providerAccounts.data, accounts.data).map((group) => (
          <ProviderAccountsCard key={group.providerAccount.id} group={group} />
        ))
      )}
    </div>
  );
}

function AccountsLoading({ label }: { label: string }) {
  return (
    <LoadingStatus label={label} className="flex flex-col gap-4">
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </LoadingStatus>
  );
}
