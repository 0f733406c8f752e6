import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { LazyImage } from './lazy-image.tsx';

/** Spec §3: title, subTitle, amount (already formatted text) and imageUrl. */
export interface TransactionsCardProps extends ComponentProps<'div'> {
  title: string;
  subTitle?: string;
  amount: string;
  imageUrl?: string;
}

export function TransactionsCard({
  title,
  subTitle,
  amount,
  imageUrl,
  className,
  ...props
}: TransactionsCardProps) {
  return (
    <div
      data-slot="transactions-card"
      className={cn(
        'flex items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 text-body',
        className,
      )}
      {...props}
    >
      <LazyImage src={imageUrl} alt="" className="size-10 shrink-0 rounded-full object-cover" />
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="truncate font-medium">{title}</p>
        {subTitle ? <p className="truncate text-muted-foreground text-sm">{subTitle}</p> : null}
      </div>
      <p className="shrink-0 font-semibold tabular-nums">{amount}</p>
    </div>
  );
}
