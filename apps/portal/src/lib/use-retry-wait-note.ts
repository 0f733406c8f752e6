import { useCallback } from 'react';
import { useTranslation } from './i18n.ts';

/**
 * How long a busy platform asked to wait before something is asked for again, in words from its
 * whole seconds ("You can try again in 1 minute."): the `waitNote` of a `RetryAlert` (documents, client pages).
 */
export function useRetryWaitNote(): (seconds: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (seconds: number) =>
      seconds < 60
        ? t('documents.retryWaitSeconds', { count: seconds })
        : t('documents.retryWaitMinutes', { count: Math.ceil(seconds / 60) }),
    [t],
  );
}
