import { LoadingStatus, Skeleton } from '@waratah/ui';
import { Outlet } from 'react-router';
import { ClientLoadError } from '../../../lib/client-pages/client-load-error.tsx';
import { ClientUnavailable } from '../../../lib/client-pages/client-unavailable.tsx';
import { dataToShow } from '../../../lib/client-pages/data-to-show.ts';
import { isClientGone } from '../../../lib/client-pages/is-client-gone.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useClient } from '../api/get-client.ts';
import { useClientId } from '../hooks/use-client-id.ts';
import { clientName } from '../utils/client-name.ts';
import { hasUsableConsent } from '../utils/consent-access.ts';
import { ClientHeader } from './client-header.tsx';
import { ClientTabsNav } from './client-tabs-nav.tsx';

/**
 * The frame of a client's pages (spec §2 user details): who the client is, their consent, and tabs
 * to the pages the adviser may open, with the page itself below. A client out of reach gets a
 * page that says so and shows none of their data.
 */
export function ClientDetailsLayout() {
  const { t } = useTranslation();
  const clientId = useClientId();
  if (clientId === null) return <ClientUnavailable reason={t('clientDetails.unavailable.invalidId')} />;
  return <ClientFrame clientId={clientId} />;
}

function ClientFrame({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const query = useClient(clientId);
  // A failed background refetch keeps the client on screen; only a failed first load, or a client
  // now out of reach, replaces the page (before, any refetch failure did).
  const client = dataToShow(query);

  if (query.isPending) return <ClientFrameLoading label={t('clientDetails.loading')} />;
  if (client === undefined) {
    if (isClientGone(query.error)) {
      return <ClientUnavailable reason={t('clientDetails.unavailable.notLinked')} />;
    }
    return <ClientLoadError onRetry={() => void query.refetch()} errors={[query.error]} />;
  }
  if (!hasUsableConsent(client, new Date())) {
    const name = clientName(client);
    const consent = client.consent;
    const reason = !consent
      ? t('clientDetails.unavailable.noConsent', { name })
      : consent.status === 'pending'
        ? t('clientDetails.unavailable.consentPending', { name })
        : t('clientDetails.unavailable.consentEnded', {
            name,
            // An active consent past its expiry date has in effect expired.
            status: t(
              `clientDetails.consent.status.${consent.status === 'withdrawn' ? 'withdrawn' : 'expired'}`,
            ).toLowerCase(),
          });
    return (
      <div className="flex flex-col gap-6">
        <ClientHeader client={client} />
        <ClientUnavailable reason={reason} headingLevel={2} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ClientHeader client={client} />
      <ClientTabsNav clientId={clientId} />
      <Outlet />
    </div>
  );
}

function ClientFrameLoading({ label }: { label: string }) {
  return (
    <LoadingStatus className="flex flex-col gap-6" label={label}>
      <Skeleton className="h-4 w-32" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-5 w-56" />
      </div>
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-64 w-full" />
    </LoadingStatus>
  );
}
