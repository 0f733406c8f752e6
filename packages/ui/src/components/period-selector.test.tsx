import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PeriodSelector, periodLabel } from './period-selector.tsx';

function Controlled({ onValueChange }: { onValueChange: (months: number) => void }) {
  const [value, setValue] = useState(3);
  return (
    <PeriodSelector
      value={value}
      options={[1, 3, 12]}
      onValueChange={(months) => {
        setValue(months);
        onValueChange(months);
      }}
    />
  );
}

describe('periodLabel', () => {
  it.each([
    [1, '1 month'],
    [3, '3 months'],
    [12, '12 months'],
    [0, '0 months'],
  ])('labels %i as "%s"', (months, label) => {
    expect(periodLabel(months)).toBe(label);
  });
});

describe('PeriodSelector', () => {
  it('offers each option as a radio, the chosen one checked', () => {
    render(<PeriodSelector value={3} options={[1, 3, 12]} onValueChange={() => {}} label="Report period" />);

    expect(screen.getByRole('radiogroup', { name: 'Report period' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual([
      '1 month',
      '3 months',
      '12 months',
    ]);
    expect(screen.getByRole('radio', { name: '3 months' })).toBeChecked();
  });

  it('emits the months as a number on click and from the keyboard', async () => {
    const onValueChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onValueChange={onValueChange} />);

    await user.click(screen.getByRole('radio', { name: '1 month' }));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('radio', { name: '3 months' })).toHaveFocus());
    await user.keyboard(' ');

    expect(onValueChange.mock.calls).toEqual([[1], [3]]);
    expect(screen.getByRole('radio', { name: '3 months' })).toBeChecked();
  });
});
