import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export const buttonVariants = cva(
  [
    'relative inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-lg',
    'font-semibold transition-[color,background-color,border-color,box-shadow,opacity] duration-150',
    'outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1',
    'disabled:pointer-events-none disabled:opacity-55 aria-busy:cursor-progress',
    '[&_svg]:pointer-events-none [&_svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        primary:
          'bg-button-primary text-button-primary-foreground shadow-sm hover:bg-button-primary/90 active:bg-button-primary/80',
        secondary:
          'bg-button-secondary text-button-secondary-foreground shadow-sm hover:bg-button-secondary/90 active:bg-button-secondary/80',
        tertiary:
          'bg-button-tertiary text-button-tertiary-foreground hover:bg-button-primary-fade/60 active:bg-button-primary-fade',
        error: 'bg-error text-error-foreground shadow-sm hover:bg-error/90 active:bg-error/80',
        success: 'bg-success text-success-foreground shadow-sm hover:bg-success/90 active:bg-success/80',
        link: 'text-link underline-offset-4 hover:underline',
        text: 'text-primary hover:bg-primary/8 active:bg-primary/12',
        transparent: 'border border-border bg-transparent text-body hover:bg-muted active:bg-muted/70',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-11 px-5 text-base',
        xl: 'h-12 px-6 text-base',
        '2xl': 'h-14 px-8 text-lg',
      },
    },
    // A link reads as text in a sentence, so it gets no box whatever its size.
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0 py-0 rounded-sm' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>['variant']>;
export type ButtonSize = NonNullable<VariantProps<typeof buttonVariants>['size']>;

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Shows a spinner and blocks further presses until the work it started is done. */
  loading?: boolean;
}

export function Button({
  className,
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled = false,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      data-slot="button"
      data-variant={variant}
      data-size={size}
      data-loading={loading || undefined}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
