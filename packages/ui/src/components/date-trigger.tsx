import { Popover } from 'radix-ui';
import { useId } from 'react';
import { cn } from '../lib/cn.ts';
import { displayDate } from '../lib/date-model.ts';
import { FieldLabel } from './field-label.tsx';

export interface DateTriggerProps {
  label: string;
  placeholder: string;
  value: string | undefined;
  name: string;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  invalid: boolean;
  describedBy: string | undefined;
}

/** A labelled button showing the chosen date (or the placeholder) that opens the calendar. */
export function DateTrigger({
  label,
  placeholder,
  value,
  name,
  required,
  disabled,
  invalid,
  describedBy,
}: DateTriggerProps) {
  const id = useId();
  const shown = displayDate(value);
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel id={`${id}-label`} htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <Popover.Trigger
        id={id}
        disabled={disabled}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-invalid={invalid || undefined}
        // A button cannot carry aria-required, so a required field says so in its description.
        aria-describedby={[required ? `${id}-required` : '', describedBy ?? ''].join(' ').trim() || undefined}
        className={cn(
          'flex h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-lg border border-input bg-surface px-3.5 text-left text-base',
          'outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25',
          'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-error',
          shown ? 'text-body' : 'text-muted-foreground',
        )}
      >
        <span id={`${id}-value`}>{shown ?? placeholder}</span>
        <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className="size-4 text-muted-foreground">
          <rect x="3" y="5" width="18" height="16" rx="2" stroke="currentColor" strokeWidth="2" />
          <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
        </svg>
      </Popover.Trigger>
      {required ? (
        <span id={`${id}-required`} hidden>
          Required
        </span>
      ) : null}
      <input type="hidden" name={name} value={value ?? ''} />
    </div>
  );
}
