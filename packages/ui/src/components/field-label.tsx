import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

export interface FieldLabelProps extends ComponentProps<'label'> {
  required?: boolean | undefined;
}

/** A form label; a required field gets an asterisk that screen readers skip (the input itself says required). */
export function FieldLabel({ required, className, children, ...props }: FieldLabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
    <label data-slot="field-label" className={cn('font-medium text-body text-sm', className)} {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-error">
          *
        </span>
      ) : null}
    </label>
  );
}
