import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import type { DateRange, Matcher } from 'react-day-picker';
import { cn } from '../lib/cn.ts';
import { fromModelDate, toModelDate } from '../lib/date-model.ts';
import { DateCalendar } from './date-calendar.tsx';
import { DateTrigger } from './date-trigger.tsx';
import { FieldError } from './field-error.tsx';

export interface DateRangeValue {
  start: string;
  end: string;
}

export type DateValue = string | DateRangeValue;
/** A rule gets the model value and returns a message when it fails. */
export type DateRule = (value: DateValue) => string | undefined;

interface DatePickerBaseProps {
  name: string;
  label: string;
  placeholder?: string;
  startLabel?: string;
  endLabel?: string;
  startPlaceholder?: string;
  endPlaceholder?: string;
  required?: boolean;
  /** Shows the first failing rule (or `error`) once the field is touched. */
  enableErrors?: boolean;
  rules?: DateRule[];
  error?: string | undefined;
  /** Marks the field touched from outside, e.g. on submit. */
  touched?: boolean;
  /** YYYY-MM-DD bounds. */
  minDate?: string;
  maxDate?: string;
  disabled?: boolean;
  className?: string;
}

export type DatePickerProps = DatePickerBaseProps &
  (
    | { isRange?: false; value?: string; onValueChange?: (value: string) => void }
    | { isRange: true; value?: DateRangeValue; onValueChange?: (value: DateRangeValue) => void }
  );

const emptyRange: DateRangeValue = { start: '', end: '' };

export function DatePicker(props: DatePickerProps) {
  const {
    name,
    label,
    required,
    enableErrors = false,
    rules,
    error,
    minDate,
    maxDate,
    disabled,
    className,
  } = props;
  const [open, setOpen] = useState(false);
  const [blurred, setBlurred] = useState(false);
  const id = useId();
  const value: DateValue = props.isRange ? (props.value ?? emptyRange) : (props.value ?? '');
  const message = error ?? rules?.map((rule) => rule(value)).find(Boolean);
  const showError = enableErrors && Boolean(message) && (props.touched || blurred);
  const errorId = `${id}-error`;
  const min = fromModelDate(minDate);
  const max = fromModelDate(maxDate);
  const bounds: Matcher[] = [...(min ? [{ before: min }] : []), ...(max ? [{ after: max }] : [])];

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) setBlurred(true);
  }

  const shared = {
    disabled: bounds,
    startMonth: min,
    endMonth: max,
    autoFocus: true,
  };
  const calendar = props.isRange ? (
    <DateCalendar
      {...shared}
      mode="range"
      defaultMonth={fromModelDate(props.value?.start) ?? openingMonth(min, max)}
      selected={{ from: fromModelDate(props.value?.start), to: fromModelDate(props.value?.end) }}
      onSelect={(range: DateRange | undefined) => {
        const next = {
          start: range?.from ? toModelDate(range.from) : '',
          end: range?.to ? toModelDate(range.to) : '',
        };
        props.onValueChange?.(next);
        if (next.start && next.end && next.start !== next.end) changeOpen(false);
      }}
    />
  ) : (
    <DateCalendar
      {...shared}
      mode="single"
      defaultMonth={fromModelDate(props.value) ?? openingMonth(min, max)}
      selected={fromModelDate(props.value)}
      onSelect={(date: Date | undefined) => {
        props.onValueChange?.(date ? toModelDate(date) : '');
        changeOpen(false);
      }}
    />
  );
  const triggerProps = {
    required,
    disabled,
    invalid: showError,
    describedBy: showError ? errorId : undefined,
  };

  return (
    <Popover.Root open={open} onOpenChange={changeOpen}>
      <div data-slot="date-picker" className={cn('flex flex-col gap-1.5', className)}>
        {props.isRange ? (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 font-medium text-body text-sm">{label}</legend>
            <Popover.Anchor className="grid gap-3 sm:grid-cols-2">
              <DateTrigger
                {...triggerProps}
                label={props.startLabel ?? 'Start date'}
                placeholder={props.startPlaceholder ?? 'Select'}
                value={props.value?.start}
                name={`${name}[start]`}
              />
              <DateTrigger
                {...triggerProps}
                label={props.endLabel ?? 'End date'}
                placeholder={props.endPlaceholder ?? 'Select'}
                value={props.value?.end}
                name={`${name}[end]`}
              />
            </Popover.Anchor>
          </fieldset>
        ) : (
          <Popover.Anchor>
            <DateTrigger
              {...triggerProps}
              label={label}
              placeholder={props.placeholder ?? 'Select'}
              value={props.value}
              name={name}
            />
          </Popover.Anchor>
        )}
        {showError ? <FieldError id={errorId}>{message}</FieldError> : null}
      </div>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={label}
          className="z-50 rounded-xl border border-border bg-surface shadow-lg outline-none"
        >
          {calendar}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * The month an empty picker opens at: today's, or the nearest bound when today is outside them.
 * Before 2026-12-03 it opened at `minDate`'s month: a picker allowing ten years back opened ten
 * years ago.
 */
function openingMonth(min: Date | undefined, max: Date | undefined): Date | undefined {
  const today = new Date();
  if (min && today < min) return min;
  if (max && today > max) return max;
  return undefined;
}
