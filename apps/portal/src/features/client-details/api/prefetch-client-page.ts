import type { PagePrefetch, PagePrefetchContext } from '../../../lib/page-prefetch.ts';
import { parseClientId } from '../hooks/use-client-id.ts';
import { hasUsableConsent } from '../utils/consent-access.ts';
import { clientFamilyOf, clientQueryOptions } from './get-client.ts';

/**
 * A client page's prefetch: its requests start as soon as the client is known to be within reach
 * (the frame's own request, or the cache when the adviser moves between the client's tabs), not
 * once the frame and the page have rendered. A client out of reach — not linked, no usable
 * consent — is never asked for any of their data, as the frame never asks (and the platform's
 * audit log shows no attempts the adviser did not make).
 */
export function prefetchClientPage(
  start: (context: PagePrefetchContext, clientId: number) => void,
): PagePrefetch {
  return (context) => {
    const clientId = parseClientId(context.params.id);
    if (clientId === null) return;
    const { queryClient, apiClient, appStore } = context;
    void queryClient
      .fetchQuery(clientQueryOptions(apiClient, clientFamilyOf(appStore.getState()), clientId))
      .then((client) => {
        if (hasUsableConsent(client, new Date())) start(context, clientId);
      })
      // The frame shows the failure; a prefetch only saves time.
      .catch(() => undefined);
  };
}
