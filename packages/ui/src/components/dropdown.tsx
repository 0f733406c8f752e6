import { Select } from 'radix-ui';
import { memo, useDeferredValue, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { FieldError } from './field-error.tsx';
import { FieldLabel } from './field-label.tsx';

/** Spec §3: a dropdown option. */
export interface DropdownOption {
  value: string;
  label: string;
  description?: string;
  image_url?: string;
}

export interface DropdownProps {
  label: string;
  options: DropdownOption[];
  value?: string | undefined;
  onValueChange?: (value: string) => void;
  /** Spec §8: 'Select'. */
  placeholder?: string;
  name?: string;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  /** Hides the label visually; it still names the control. */
  hideLabel?: boolean;
  className?: string;
}

const noOptions: DropdownOption[] = [];

export function Dropdown({
  label,
  options,
  value,
  onValueChange,
  placeholder = 'Select',
  name,
  id,
  required,
  disabled,
  error,
  hideLabel = false,
  className,
}: DropdownProps) {
  const generatedId = useId();
  const triggerId = id ?? generatedId;
  const errorId = `${triggerId}-error`;
  const [open, setOpen] = useState(false);
  // A closed select still draws every option (for the type-to-select and the form's hidden
  // select): a form of four on a page is tens of milliseconds. The closed list is drawn after the
  // page, in a transition React can pause, and again only when the options change; the chosen
  // option's label is shown from the options themselves, so it is there from the first paint.
  const current = useSameOptions(options);
  const listed = useDeferredValue(current, noOptions);
  const selected = value ? current.find((option) => option.value === value) : undefined;
  return (
    <div data-slot="dropdown" className={cn('flex flex-col gap-1.5', className)}>
      <FieldLabel htmlFor={triggerId} required={required} className={cn(hideLabel && 'sr-only')}>
        {label}
      </FieldLabel>
      <Select.Root
        value={value ?? ''}
        onValueChange={(next) => onValueChange?.(next)}
        open={open}
        onOpenChange={setOpen}
        name={name}
        required={required}
        disabled={disabled}
      >
        <Select.Trigger
          id={triggerId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'flex h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-lg border border-input bg-surface px-3.5 text-left text-base text-body',
            'outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25',
            'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-error',
            'data-[placeholder]:text-muted-foreground',
          )}
        >
          <Select.Value placeholder={placeholder}>{selected?.label}</Select.Value>
          <Select.Icon aria-hidden="true" className="text-muted-foreground">
            ▾
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-80 w-(--radix-select-trigger-width) overflow-hidden rounded-lg border border-border bg-surface text-body shadow-lg"
          >
            <Select.Viewport className="p-1">
              <DropdownItems options={open ? current : listed} />
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** The options' items; memoised, so a closed select's list is drawn again only when its options change. */
const DropdownItems = memo(function DropdownItems({ options }: { options: DropdownOption[] }) {
  return (
    <>
      {options.map((option) => (
        <Select.Item
          key={option.value}
          value={option.value}
          className={cn(
            'flex cursor-pointer select-none items-center gap-3 rounded-md px-3 py-2 text-sm outline-none',
            // The option the keyboard is on: a tint and a ring in the primary colour (3:1 like any focus).
            'data-[highlighted]:bg-primary/10 data-[highlighted]:ring-2 data-[highlighted]:ring-ring data-[highlighted]:ring-inset',
            'data-[state=checked]:font-semibold',
          )}
        >
          {option.image_url ? (
            <img src={option.image_url} alt="" className="size-6 shrink-0 rounded-full object-cover" />
          ) : null}
          <span className="flex flex-col">
            <Select.ItemText>{option.label}</Select.ItemText>
            {option.description ? (
              <span className="text-muted-foreground text-xs">{option.description}</span>
            ) : null}
          </span>
        </Select.Item>
      ))}
    </>
  );
});

/** The options as last drawn while they are the same options, so that memoised items stay drawn. */
function useSameOptions(options: DropdownOption[]): DropdownOption[] {
  const latest = useRef(options);
  if (latest.current !== options && !sameOptions(latest.current, options)) latest.current = options;
  return latest.current;
}

function sameOptions(a: DropdownOption[], b: DropdownOption[]): boolean {
  return (
    a.length === b.length &&
    a.every((option, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        option.value === other.value &&
        option.label === other.label &&
        option.description === other.description &&
        option.image_url === other.image_url
      );
    })
  );
}
