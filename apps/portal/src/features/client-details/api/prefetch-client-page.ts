import { clientFamilyOf } from '../../../lib/client-family.ts';
import type { PagePrefetch, PagePrefetchContext } from '../../../lib/page-prefetch.ts';
import { parseClientId } from '../hooks/use-client-id.ts';
import { hasUsableConsent } from '../utils/consent-access.ts';
import { clientQueryOptions } from './get-client.ts';

/** The client query the frame reads (`useClient`), for a prefetch's context. */
function clientQuery({ apiClient, appStore }: PagePrefetchContext, clientId: number) {
  return clientQueryOptions(apiClient, clientFamilyOf(appStore.getState()), clientId);
}

/** The client frame's prefetch: the client it shows, asked for beside the route guard's check. */
export const prefetchClientFrame: PagePrefetch = (context) => {
  const clientId = parseClientId(context.params.id);
  if (clientId !== null) void context.queryClient.prefetchQuery(clientQuery(context, clientId));
};

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
    void context.queryClient
      .fetchQuery(clientQuery(context, clientId))
      .then((client) => {
        if (hasUsableConsent(client, new Date())) start(context, clientId);
      })
      // The frame shows the failure; a prefetch only saves time.
      .catch(() => undefined);
  };
}
