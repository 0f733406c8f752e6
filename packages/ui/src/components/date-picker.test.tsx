import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker, type DateRangeValue } from './date-picker.tsx';

function dayButton(day: number) {
  return screen.getAllByRole('button').find((b) => b.closest('td') && b.textContent === String(day));
}

function Single(props: { onValueChange?: (value: string) => void; minDate?: string; maxDate?: string }) {
  const [value, setValue] = useState('2025-03-05');
  return (
    <DatePicker
      name="from"
      label="From"
      value={value}
      minDate={props.minDate}
      maxDate={props.maxDate}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange?.(next);
      }}
    />
  );
}

function Range({
  onValueChange,
  minDate = '2025-03-01',
  maxDate = '2025-03-31',
}: {
  onValueChange: (value: DateRangeValue) => void;
  minDate?: string;
  maxDate?: string;
}) {
  const [value, setValue] = useState<DateRangeValue>({ start: '', end: '' });
  return (
    <DatePicker
      isRange
      name="period"
      label="Period"
      startLabel="From"
      endLabel="To"
      startPlaceholder="Start"
      endPlaceholder="End"
      minDate={minDate}
      maxDate={maxDate}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
    />
  );
}

describe('DatePicker', () => {
  it('shows the label, placeholder and a required asterisk', () => {
    render(<DatePicker name="dob" label="Date of birth" placeholder="Pick a date" required />);

    const trigger = screen.getByRole('button', { name: 'Date of birth Pick a date' });
    expect(trigger).toHaveAccessibleDescription('Required');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('picks a single date as YYYY-MM-DD and shows it', async () => {
    const onValueChange = vi.fn();
    render(<Single onValueChange={onValueChange} />);

    await userEvent.click(screen.getByRole('button', { name: 'From 5 Mar 2025' }));
    await userEvent.click(dayButton(12) as HTMLElement);

    expect(onValueChange).toHaveBeenCalledWith('2025-03-12');
    expect(screen.getByRole('button', { name: 'From 12 Mar 2025' })).toBeInTheDocument();
    expect(document.querySelector('input[name="from"]')).toHaveValue('2025-03-12');
  });

  it('disables days outside minDate and maxDate', async () => {
    render(<Single minDate="2025-03-03" maxDate="2025-03-20" />);

    await userEvent.click(screen.getByRole('button', { name: /^From/ }));

    expect(dayButton(2)).toBeDisabled();
    expect(dayButton(3)).toBeEnabled();
    expect(dayButton(20)).toBeEnabled();
    expect(dayButton(21)).toBeDisabled();
  });

  it('picks a range into start and end, with their labels and placeholders', async () => {
    const onValueChange = vi.fn();
    render(<Range onValueChange={onValueChange} />);

    expect(screen.getByRole('group', { name: 'Period' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'From Start' }));
    await userEvent.click(dayButton(4) as HTMLElement);
    await userEvent.click(dayButton(9) as HTMLElement);

    expect(onValueChange).toHaveBeenLastCalledWith({ start: '2025-03-04', end: '2025-03-09' });
    expect(screen.getByRole('button', { name: 'To 9 Mar 2025' })).toBeInTheDocument();
  });

  it('opens an empty picker at today’s month, within its bounds, not at the first month allowed', async () => {
    const now = new Date();
    const day = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const tenYearsBack = new Date(now.getFullYear() - 10, now.getMonth(), 1);
    render(<Range onValueChange={vi.fn()} minDate={day(tenYearsBack)} maxDate={day(now)} />);
    await userEvent.click(screen.getByRole('button', { name: 'From Start' }));

    const month = now.toLocaleDateString('en-AU', { month: 'long', year: 'numeric' });
    expect(screen.getByText(month)).toBeInTheDocument();
  });

  it('shows the first failing rule once touched, only when errors are enabled', async () => {
    const rules = [(v: unknown) => (v ? undefined : 'Please choose a date'), () => 'Second rule'];
    const { rerender } = render(<DatePicker name="d" label="Date" rules={rules} enableErrors />);
    expect(screen.queryByText('Please choose a date')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Date Select' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Date Select' })).toHaveAccessibleDescription(
      'Please choose a date',
    );
    expect(screen.queryByText('Second rule')).not.toBeInTheDocument();

    rerender(<DatePicker name="d" label="Date" rules={rules} touched />);
    expect(screen.queryByText('Please choose a date')).not.toBeInTheDocument();

    rerender(<DatePicker name="d" label="Date" error="Server says no" enableErrors touched />);
    expect(screen.getByText('Server says no')).toBeInTheDocument();
  });
});
