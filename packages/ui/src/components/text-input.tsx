import { type ComponentProps, type FocusEvent, useId, useState } from 'react';
import { cn } from '../lib/cn.ts';

/** The input types the kit supports (spec §5). */
export type TextInputType = 'text' | 'password' | 'email' | 'tel' | 'time' | 'url' | 'week' | 'month';

export interface TextInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  type?: TextInputType;
  /** The first failing rule's message; shown once the field is touched. */
  error?: string | undefined;
  hint?: string;
  /** Marks the field touched from outside, e.g. when its form is submitted. */
  touched?: boolean;
}

export function TextInput({
  label,
  type = 'text',
  error,
  hint,
  touched = false,
  required,
  id,
  className,
  onBlur,
  ...props
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [blurred, setBlurred] = useState(false);
  const showError = Boolean(error) && (touched || blurred);
  const describedBy = [hint ? hintId : null, showError ? errorId : null].filter(Boolean).join(' ');

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    setBlurred(true);
    onBlur?.(event);
  }

  return (
    <div data-slot="text-input" className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="font-medium text-body text-sm">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-error">
            *
          </span>
        ) : null}
      </label>
      <input
        id={inputId}
        type={type}
        required={required}
        aria-invalid={showError || undefined}
        aria-describedby={describedBy || undefined}
        onBlur={handleBlur}
        className={cn(
          'h-11 w-full rounded-lg border border-input bg-surface px-3.5 text-base text-body shadow-xs',
          'transition-[border-color,box-shadow] placeholder:text-muted-foreground',
          'outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25',
          'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
          'aria-invalid:border-error aria-invalid:focus-visible:ring-error/20',
        )}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      {showError ? (
        <p id={errorId} data-slot="text-input-error" className="font-medium text-error text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
