import { Alert, AlertDescription, Button } from '@waratah/ui';
import type { ReactNode } from 'react';

export interface RetryAlertProps {
  /** What failed, in the reader's words. */
  children: ReactNode;
  retryLabel: string;
  /** Left out when there is nothing to try again: the message stands alone. */
  onRetry?: (() => void) | undefined;
}

/** Something could not be read or done: an error alert that says so, with a way to try again. */
export function RetryAlert({ children, retryLabel, onRetry }: RetryAlertProps) {
  return (
    <Alert variant="error">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{children}</span>
        {onRetry ? (
          <Button variant="transparent" size="sm" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
