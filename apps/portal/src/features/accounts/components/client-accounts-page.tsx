import { LoadingStatus, Skeleton } from '@waratah/ui';
import type { ReactNode } from 'react';
import { ClientDataError } from '../../../lib/client-pages/client-data-error.tsx';
import { dataToShow } from '../../../lib/client-pages/data-to-show.ts';
import { isClientGone } from '../../../lib/client-pages/is-client-gone.ts';
import { useClientAccounts } from '../../../lib/client-pages/list-client-accounts.ts';
import { useClientProviderAccounts } from '../../../lib/client-pages/list-client-provider-accounts.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
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
  // A failed background refetch keeps the accounts on screen; the error shows only when there is
  // nothing to show (a failed first load) or the client is now out of reach.
  const shownAccounts = dataToShow(accounts);
  const shownProviderAccounts = dataToShow(providerAccounts);
  const retry = () => {
    if (accounts.isError) void accounts.refetch();
    if (providerAccounts.isError) void providerAccounts.refetch();
  };
  const goneError = [accounts.error, providerAccounts.error].find(isClientGone);
  // The connections alone failing still leaves the accounts, and each account carries its
  // connection's refresh status: they are shown, grouped by their institution, with a note of what
  // is missing (before 2026-12-03 the header counted them and the body said they could not load).
  const connectionsFailed = shownAccounts !== undefined && shownProviderAccounts === undefined;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold text-2xl tracking-tight">{t('accounts.heading')}</h2>
          {shownAccounts && goneError === undefined ? (
            <p className="text-muted-foreground" data-testid="accounts-count">
              {t('accounts.count', { count: shownAccounts.length })}
            </p>
          ) : null}
        </div>
        <div data-slot="account-documents-actions" className="flex flex-wrap gap-2">
          {documentsActions}
        </div>
      </div>
      {/* The connections' retry (the alert below) keeps the accounts on screen: only a first load
          waits (a query with no data is pending again while it is asked again). */}
      {accounts.isPending || (providerAccounts.isPending && providerAccounts.errorUpdateCount === 0) ? (
        <AccountsLoading label={t('accounts.loading')} />
      ) : goneError !== undefined || shownAccounts === undefined ? (
        // Its 'Try again' asks for both again: held until both may pass (a busy platform's Retry-After).
        <ClientDataError
          error={goneError ?? accounts.error}
          title={t('accounts.error')}
          onRetry={retry}
          errors={[accounts.error, providerAccounts.error]}
        />
      ) : (
        <>
          {connectionsFailed ? (
            <RetryAlert
              retryLabel={t('clientDetails.error.retry')}
              onRetry={() => void providerAccounts.refetch()}
              errors={[providerAccounts.error]}
            >
              {t('accounts.connectionsError')}
            </RetryAlert>
          ) : null}
          {(shownProviderAccounts ?? []).length === 0 && shownAccounts.length === 0 ? (
            <p className="rounded-2xl border border-border border-dashed px-6 py-10 text-center text-muted-foreground">
              {t('accounts.empty')}
            </p>
          ) : (
            groupByProvider(shownProviderAccounts ?? [], shownAccounts).map((group) => (
              <ProviderAccountsCard key={group.providerAccount.id} group={group} />
            ))
          )}
        </>
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
