import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

/** The message under a field; its id goes into the field's aria-describedby. */
export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="field-error" className={cn('font-medium text-error text-sm', className)} {...props} />;
}
