import { type ChangeEvent, type ComponentProps, type FocusEvent, useId, useState } from 'react';
import { cn } from '../lib/cn.ts';

/** A validation rule: the message when the value fails it, otherwise undefined. */
export type TextInputRule = (value: string) => string | undefined;

/** The input types the kit supports (spec §5). */
export type TextInputType = 'text' | 'password' | 'email' | 'tel' | 'time' | 'url' | 'week' | 'month';

export interface TextInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  type?: TextInputType;
  /** An error from outside (e.g. the server); it wins over the rules. Shown once the field is touched. */
  error?: string | undefined;
  /** Checked on every input; the first failing rule's message shows once the field is touched. */
  rules?: TextInputRule[];
  hint?: string;
  /** Marks the field touched from outside, e.g. when its form is submitted. */
  touched?: boolean;
}

export function TextInput({
  label,
  type = 'text',
  error,
  rules,
  hint,
  touched = false,
  required,
  id,
  className,
  onBlur,
  onChange,
  ...props
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [blurred, setBlurred] = useState(false);
  const [typed, setTyped] = useState(String(props.defaultValue ?? ''));
  const value = props.value === undefined ? typed : String(props.value);
  const message = error ?? rules?.map((rule) => rule(value)).find(Boolean);
  const showError = Boolean(message) && (touched || blurred);
  const describedBy = [hint ? hintId : null, showError ? errorId : null].filter(Boolean).join(' ');

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setTyped(event.target.value);
    onChange?.(event);
  }

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
        onChange={handleChange}
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
          {message}
        </p>
      ) : null}
    </div>
  );
}
