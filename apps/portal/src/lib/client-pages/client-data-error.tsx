import type { ReactNode } from 'react';
import { useTranslation } from '../i18n.ts';
import { ClientLoadError } from './client-load-error.tsx';
import { ClientUnavailable } from './client-unavailable.tsx';
import { isClientGone } from './is-client-gone.ts';

export type ClientDataErrorProps = { error: unknown } & (
  | {
      title?: string;
      onRetry: () => void;
      /** What the retry asks for again, whose `Retry-After` it waits for; by default `error`. */
      errors?: readonly unknown[] | undefined;
      children?: undefined;
    }
  /** The page's own words for any other failure, with its own 'Try again' (none: nothing shown). */
  | { children?: ReactNode; title?: undefined; onRetry?: undefined; errors?: undefined }
);

/**
 * What a client page shows when one of its calls fails: the not-shared page when the platform says
 * the client is out of reach (their consent ended while the page was open), where a 'Try again'
 * could never pass; otherwise the page's own error (`children`) or a retry, held until a busy
 * platform's `Retry-After` has passed.
 */
export function ClientDataError(props: ClientDataErrorProps) {
  const { t } = useTranslation();
  // Inside a page, below the client's name, so not the page's main heading.
  if (isClientGone(props.error)) {
    return <ClientUnavailable reason={t('clientDetails.unavailable.notLinked')} headingLevel={2} />;
  }
  if (props.onRetry === undefined) return props.children ?? null;
  return (
    <ClientLoadError
      {...(props.title ? { title: props.title } : {})}
      onRetry={props.onRetry}
      errors={props.errors ?? [props.error]}
    />
  );
}
