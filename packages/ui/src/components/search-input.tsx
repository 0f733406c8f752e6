import { type ComponentProps, useId, useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { FieldLabel } from './field-label.tsx';

export interface SearchInputProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A search box with a clear button; clearing puts focus back in the box. */
export function SearchInput({
  label,
  value,
  onValueChange,
  placeholder = 'Search',
  id,
  className,
  ...props
}: SearchInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const input = useRef<HTMLInputElement>(null);
  return (
    <div data-slot="search-input" className={cn('flex flex-col gap-1.5', className)}>
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <div className="relative">
        <input
          ref={input}
          id={inputId}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onValueChange(event.target.value)}
          className={cn(
            'h-11 w-full rounded-lg border border-input bg-surface pr-10 pl-3.5 text-base text-body',
            'placeholder:text-muted-foreground [&::-webkit-search-cancel-button]:hidden',
            'outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25',
          )}
          {...props}
        />
        {value ? (
          <button
            type="button"
            aria-label="Clear search"
            title="Clear search"
            onClick={() => {
              onValueChange('');
              input.current?.focus();
            }}
            className="absolute top-1/2 right-2 inline-flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
