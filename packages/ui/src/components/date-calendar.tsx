import { DayPicker, type DayPickerProps } from 'react-day-picker';
import { cn } from '../lib/cn.ts';

const classNames = {
  root: 'relative p-3 text-body text-sm',
  months: 'flex flex-col gap-4',
  month: 'flex flex-col gap-3',
  month_caption: 'flex h-9 items-center justify-center font-semibold',
  nav: 'absolute inset-x-3 top-3 flex items-center justify-between',
  button_previous:
    'inline-flex size-9 cursor-pointer items-center justify-center rounded-md outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring disabled:opacity-40',
  button_next:
    'inline-flex size-9 cursor-pointer items-center justify-center rounded-md outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring disabled:opacity-40',
  chevron: 'size-4 fill-current',
  month_grid: 'border-collapse',
  weekday: 'size-10 font-medium text-muted-foreground text-xs',
  day: 'size-10 p-0 text-center',
  day_button:
    'size-10 cursor-pointer rounded-md outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed',
  today: 'font-bold text-primary',
  selected: '[&>button]:bg-primary [&>button]:text-button-primary-foreground [&>button]:hover:bg-primary',
  // The whole range carries `selected` too; its middle must not keep the end points' colours.
  range_middle: '[&>button]:bg-primary/15! [&>button]:text-body! [&>button]:hover:bg-primary/25!',
  outside: 'text-muted-foreground/60',
  disabled: 'text-muted-foreground/50 line-through',
};

/** react-day-picker styled with the kit's tokens. */
export function DateCalendar({ className, ...props }: DayPickerProps) {
  return (
    <DayPicker
      data-slot="date-calendar"
      weekStartsOn={1}
      className={cn(className)}
      classNames={classNames}
      {...props}
    />
  );
}
