import { type ComponentProps, useId } from 'react';

export interface LoadingStatusProps extends ComponentProps<'div'> {
  /** What screen readers hear while the content loads, e.g. 'Loading goals'. */
  label: string;
}

/**
 * A status region around placeholders (skeletons, hidden from screen readers) that says what is
 * loading: as text, since a status is read by its content and an aria-label alone is not announced.
 * The same text names the region (`aria-labelledby`), so it can be found by its name.
 */
export function LoadingStatus({ label, children, ...props }: LoadingStatusProps) {
  const labelId = useId();
  return (
    <div data-slot="loading-status" role="status" aria-labelledby={labelId} {...props}>
      <span id={labelId} className="sr-only">
        {label}
      </span>
      {children}
    </div>
  );
}
