import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

export const tagVariants = cva('inline-flex items-center gap-1 rounded-full border font-medium', {
  variants: {
    variant: {
      neutral: 'border-border bg-muted text-body',
      primary: 'border-primary/25 bg-primary/10 text-primary',
      success: 'border-success/25 bg-success-muted text-success',
      error: 'border-error/25 bg-error-muted text-error',
      warning: 'border-warning/25 bg-warning-muted text-warning',
    },
    size: {
      xs: 'px-1.5 py-0 text-xs',
      sm: 'px-2 py-0.5 text-xs',
      md: 'px-2.5 py-1 text-sm',
    },
  },
  defaultVariants: { variant: 'neutral', size: 'sm' },
});

export type TagSize = NonNullable<VariantProps<typeof tagVariants>['size']>;
export type TagVariant = NonNullable<VariantProps<typeof tagVariants>['variant']>;

export interface TagProps extends ComponentProps<'span'>, VariantProps<typeof tagVariants> {
  /** Adds a dismiss button (spec §8: 'Dismiss filter'). */
  onDismiss?: () => void;
  /**
   * The dismiss button's accessible name, to tell one tag's button from another's, e.g.
   * 'Dismiss filter: Search: rent'; its tooltip stays 'Dismiss filter'.
   */
  dismissLabel?: string;
}

export function Tag({
  variant = 'neutral',
  size = 'sm',
  onDismiss,
  dismissLabel = 'Dismiss filter',
  className,
  children,
  ...props
}: TagProps) {
  return (
    <span
      data-slot="tag"
      data-variant={variant}
      data-size={size}
      className={cn(tagVariants({ variant, size }), className)}
      {...props}
    >
      {children}
      {onDismiss ? (
        <button
          type="button"
          title="Dismiss filter"
          aria-label={dismissLabel}
          onClick={onDismiss}
          className="-mr-1 inline-flex size-4 cursor-pointer items-center justify-center rounded-full outline-none hover:bg-body/10 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </span>
  );
}
