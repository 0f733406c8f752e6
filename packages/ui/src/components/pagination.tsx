import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { pageCount } from '../lib/page-count.ts';
import { Button } from './button.tsx';

export interface PaginationProps extends Omit<ComponentProps<'nav'>, 'onChange'> {
  /** 1-based (spec §9: the first page is 1). */
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

export function Pagination({ page, total, pageSize, onPageChange, className, ...props }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const numbers = Array.from({ length: pages }, (_, index) => index + 1);
  return (
    <nav
      aria-label="Pagination"
      data-slot="pagination"
      className={cn('flex flex-wrap items-center justify-end gap-1', className)}
      {...props}
    >
      <Button variant="text" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      {numbers.map((number) => (
        <Button
          key={number}
          variant={number === page ? 'primary' : 'text'}
          size="sm"
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPageChange(number)}
        >
          {number}
        </Button>
      ))}
      <Button variant="text" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
