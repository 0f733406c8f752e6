import { Alert, AlertDescription, AlertTitle, Button } from '@waratah/ui';
import { useTranslation } from '../i18n.ts';
import { whenToAskAgain } from '../is-api-error.ts';
import { heldRetryClass, useRetryWait } from '../retry-alert.tsx';

export interface ClientLoadErrorProps {
  title?: string;
  onRetry: () => void;
  /**
   * What failed: trying again waits for a busy platform's `Retry-After` among them, unavailable, and
   * the description says for how long, as `RetryAlert` does. Before 2026-12-03 it was offered at
   * once, and asking sooner was only refused again.
   */
  errors?: readonly unknown[] | undefined;
}

/** A failure that is not about access: said plainly, with a retry. */
export function ClientLoadError({ title, onRetry, errors }: ClientLoadErrorProps) {
  const { t } = useTranslation();
  const { waiting, note } = useRetryWait(whenToAskAgain(errors ?? []));
  return (
    <Alert variant="error" className="gap-3">
      <AlertTitle>{title ?? t('clientDetails.error.title')}</AlertTitle>
      <AlertDescription className="text-body">
        {t('clientDetails.error.description')}
        {note ? ` ${note}` : null}
      </AlertDescription>
      <div>
        {/* Unavailable while waiting, but still in the tab order (aria-disabled, not disabled). */}
        <Button
          variant="secondary"
          size="sm"
          aria-disabled={waiting || undefined}
          className={waiting ? heldRetryClass : undefined}
          onClick={waiting ? undefined : onRetry}
        >
          {t('clientDetails.error.retry')}
        </Button>
      </div>
    </Alert>
  );
}
