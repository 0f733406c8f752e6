import { Alert, AlertDescription, Button } from '@waratah/ui';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer } from 'react';
import { useTranslation } from './i18n.ts';
import { whenToAskAgain } from './is-api-error.ts';

export interface RetryAlertProps {
  /** What failed, in the reader's words. */
  children: ReactNode;
  retryLabel: string;
  /** Left out when there is nothing to try again: the message stands alone. */
  onRetry?: (() => void) | undefined;
  /**
   * What failed (the queries' or mutations' errors): trying again waits for the latest `Retry-After`
   * among them (`whenToAskAgain`). Until then the button waits, unavailable (`aria-disabled`), and
   * the alert says for how long. Asked sooner, the server would only refuse again.
   */
  errors?: readonly unknown[] | undefined;
  /** When trying again may pass, in milliseconds since the epoch, where it is known otherwise than from `errors`. */
  retryAt?: number | undefined;
}

/** Something could not be read or done: an error alert that says so, with a way to try again. */
export function RetryAlert({ children, retryLabel, onRetry, errors, retryAt }: RetryAlertProps) {
  const { waiting, note } = useRetryWait(retryAt ?? whenToAskAgain(errors ?? []));
  return (
    <Alert variant="error">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>
          {children}
          {onRetry && note ? ` ${note}` : null}
        </span>
        {onRetry ? (
          // Unavailable while waiting, but still in the tab order (aria-disabled, not disabled): a
          // keyboard or screen-reader user stays on it and hears when it can be pressed.
          <Button
            variant="transparent"
            size="sm"
            aria-disabled={waiting || undefined}
            className={waiting ? `${heldRetryClass} hover:bg-transparent active:bg-transparent` : undefined}
            onClick={waiting ? undefined : onRetry}
          >
            {retryLabel}
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/**
 * How long a busy platform asked to wait before something is asked for again, in words from its
 * whole seconds ("You can try again in 1 minute."), as `useRetryWait` says it. Here rather than in a
 * module of its own: a chunk of its own adds its name to the entry's list, in the sign-in page's budget.
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

/** A held "Try again" looks unavailable; it stays in the tab order (`aria-disabled`, not `disabled`). */
export const heldRetryClass = 'cursor-not-allowed opacity-55';

/**
 * Whether a "Try again" waits for `retryAt` (the server's `Retry-After`, ms since the epoch), woken
 * when it passes, and the wait in words (worked out once per wait: an alert is read out again when
 * its text changes). `RetryAlert`'s, and the client pages' load error's.
 */
export function useRetryWait(retryAt: number | undefined): { waiting: boolean; note: string | undefined } {
  const waitNote = useRetryWaitNote();
  const [, wake] = useReducer((turn: number) => turn + 1, 0);
  useEffect(() => {
    // Its time may pass before the effect runs (a busy main thread): then it wakes at once.
    if (retryAt === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timer may fire a little before the clock reaches its time: then it is set again.
    const wakeAtRetry = () => {
      const left = retryAt - Date.now();
      if (left > 0) timer = setTimeout(wakeAtRetry, left);
      else wake();
    };
    wakeAtRetry();
    return () => clearTimeout(timer);
  }, [retryAt]);
  const waiting = retryAt !== undefined && retryAt > Date.now();
  const note = useMemo(
    () =>
      retryAt !== undefined && retryAt > Date.now()
        ? waitNote(Math.ceil((retryAt - Date.now()) / 1000))
        : undefined,
    [retryAt, waitNote],
  );
  return { waiting, note: waiting ? note : undefined };
}
