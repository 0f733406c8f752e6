import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { LoadingStatus } from './loading-status.tsx';
import { Skeleton } from './skeleton.tsx';

export interface LoadingTableProps extends ComponentProps<'div'> {
  /** Spec §9: 5 by default. */
  columns?: number;
  /** Spec §9: 5 by default. */
  rows?: number;
  /** What screen readers hear while the table loads. */
  label?: string;
}

export function LoadingTable({
  columns = 5,
  rows = 5,
  label = 'Loading',
  className,
  ...props
}: LoadingTableProps) {
  const cells = Array.from({ length: columns }, (_, index) => index);
  const lines = Array.from({ length: rows }, (_, index) => index);
  return (
    <LoadingStatus
      data-slot="loading-table"
      label={label}
      aria-busy="true"
      className={cn('overflow-hidden rounded-xl border border-border bg-surface', className)}
      {...props}
    >
      <div data-slot="loading-table-header" className="flex gap-4 bg-muted/60 px-4 py-3">
        {cells.map((cell) => (
          <Skeleton key={cell} className="h-3 flex-1" />
        ))}
      </div>
      {lines.map((row) => (
        <div key={row} data-slot="loading-table-row" className="flex gap-4 border-border border-t px-4 py-4">
          {cells.map((cell) => (
            <Skeleton key={cell} className="h-4 flex-1" />
          ))}
        </div>
      ))}
    </LoadingStatus>
  );
}
