import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

export const alertVariants = cva('flex flex-col gap-1 rounded-xl border px-4 py-3 text-sm', {
  variants: {
    variant: {
      error: 'border-error/25 bg-error-muted text-error',
      success: 'border-success/25 bg-success-muted text-success',
      info: 'border-border bg-muted text-body',
    },
  },
  defaultVariants: { variant: 'info' },
});

export interface AlertProps extends ComponentProps<'div'>, VariantProps<typeof alertVariants> {}

/** Errors interrupt (role alert); other variants are announced politely (role status). */
export function Alert({ variant = 'info', className, ...props }: AlertProps) {
  return (
    <div
      data-slot="alert"
      data-variant={variant}
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="alert-title" className={cn('font-semibold', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="alert-description" className={cn('text-body/90', className)} {...props} />;
}
