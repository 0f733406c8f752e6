import type { ComponentProps } from 'react';

export interface LoadingStatusProps extends ComponentProps<'div'> {
  /** What screen readers hear while the content loads, e.g. 'Loading goals'. */
  label: string;
}

/**
 * A status region around placeholders (skeletons, hidden from screen readers) that says what is
 * loading: as text, since a status is read by its content and an aria-label alone is not announced.
 */
export function LoadingStatus({ label, children, ...props }: LoadingStatusProps) {
  return (
    <div data-slot="loading-status" role="status" {...props}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
