import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';
import { FieldError } from './field-error.tsx';

export interface CheckboxProps extends Omit<ComponentProps<typeof CheckboxPrimitive.Root>, 'children'> {
  label: ReactNode;
  /** Shown under the box when set, e.g. 'Please agree to the terms and privacy policy'. */
  error?: string | undefined;
}

export function Checkbox({ label, error, id, className, required, ...props }: CheckboxProps) {
  const generatedId = useId();
  const boxId = id ?? generatedId;
  const errorId = `${boxId}-error`;
  return (
    <div data-slot="checkbox" className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-2.5">
        <CheckboxPrimitive.Root
          id={boxId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-md border border-input bg-surface',
            'outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
            'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-button-primary-foreground',
            'disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-error',
          )}
          {...props}
        >
          <CheckboxPrimitive.Indicator>
            <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-3.5">
              <path d="M3 8.5l3 3 7-7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </CheckboxPrimitive.Indicator>
        </CheckboxPrimitive.Root>
        <label htmlFor={boxId} className="text-body text-sm">
          {label}
          {required ? (
            <span aria-hidden="true" className="ml-0.5 text-error">
              *
            </span>
          ) : null}
        </label>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
