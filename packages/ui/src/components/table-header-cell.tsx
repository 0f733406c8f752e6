import { cn } from '../lib/cn.ts';
import type { SortOrder } from '../lib/sort-rows.ts';

export interface TableHeaderCellProps {
  label: string;
  sortable: boolean;
  order: SortOrder | undefined;
  onSort: () => void;
  className?: string | undefined;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** A column header; a sortable one is a button and reports its order through aria-sort. */
export function TableHeaderCell({ label, sortable, order, onSort, className }: TableHeaderCellProps) {
  return (
    <th
      scope="col"
      aria-sort={order ? ariaSort[order] : undefined}
      className={cn(
        'px-4 py-3 font-semibold text-muted-foreground text-xs uppercase tracking-wide',
        className,
      )}
    >
      {sortable ? (
        <button
          type="button"
          onClick={onSort}
          className="inline-flex cursor-pointer items-center gap-1 rounded-sm uppercase outline-none hover:text-body focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          {label}
          <span aria-hidden="true" className={cn(!order && 'opacity-40')}>
            {order === 'desc' ? '↓' : '↑'}
          </span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}
