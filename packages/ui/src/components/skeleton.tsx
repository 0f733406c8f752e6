import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

/** A grey block standing in for content that is loading; decoration only, so hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-shimmer rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
