import { useTranslation } from '../../../lib/i18n.ts';
import { isClientGone } from '../utils/is-client-gone.ts';
import { ClientLoadError } from './client-load-error.tsx';
import { ClientUnavailable } from './client-unavailable.tsx';

/**
 * What a client page shows when one of its calls fails: the not-shared page when the platform says
 * the client is out of reach (their consent ended while the page was open), otherwise a retry.
 */
export function ClientDataError({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  // Inside a page, below the client's name, so not the page's main heading.
  if (isClientGone(error)) {
    return <ClientUnavailable reason={t('clientDetails.unavailable.notLinked')} headingLevel={2} />;
  }
  return <ClientLoadError {...(title ? { title } : {})} onRetry={onRetry} />;
}
