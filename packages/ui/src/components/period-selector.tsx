import { RadioGroup } from 'radix-ui';
import { cn } from '../lib/cn.ts';

/** Spec §9: '{n} month' for 1, otherwise '{n} months'. */
export function periodLabel(months: number): string {
  return months === 1 ? `${months} month` : `${months} months`;
}

export interface PeriodSelectorProps {
  /** The chosen number of months. */
  value: number;
  onValueChange: (months: number) => void;
  options: number[];
  /** Names the group for screen readers. */
  label?: string;
  className?: string;
}

/** A segmented choice of periods in months; arrow keys move between them. */
export function PeriodSelector({
  value,
  onValueChange,
  options,
  label = 'Period',
  className,
}: PeriodSelectorProps) {
  return (
    <RadioGroup.Root
      data-slot="period-selector"
      aria-label={label}
      value={String(value)}
      onValueChange={(next) => onValueChange(Number(next))}
      orientation="horizontal"
      className={cn('inline-flex flex-wrap gap-1 rounded-xl bg-muted p-1', className)}
    >
      {options.map((months) => (
        <RadioGroup.Item
          key={months}
          value={String(months)}
          className={cn(
            'h-9 cursor-pointer rounded-lg px-3 font-medium text-muted-foreground text-sm',
            'outline-none hover:text-body focus-visible:ring-[3px] focus-visible:ring-ring',
            'data-[state=checked]:bg-surface data-[state=checked]:text-primary data-[state=checked]:shadow-sm',
          )}
        >
          {periodLabel(months)}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
