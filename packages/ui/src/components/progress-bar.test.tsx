import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar, type ProgressStep } from './progress-bar.tsx';

const steps: ProgressStep[] = [
  { position: 3, label: 'Password' },
  { position: 1, label: 'Profile' },
  {
    position: 2,
    label: 'Verify',
    subSteps: [
      { position: 1, label: 'Send code' },
      { position: 2, label: 'Enter code' },
    ],
  },
];

describe('ProgressBar', () => {
  it('lists steps by position and marks the current one', () => {
    render(<ProgressBar steps={steps} current={2} currentSubStep={2} />);

    const items = screen
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.parentElement?.tagName === 'NAV');
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['complete', 'current', 'upcoming']);
    expect(items[0]).toHaveTextContent('Completed: Profile');
    expect(screen.getByText('Verify')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '67');
  });

  it('shows the sub-steps of the current step only, marking the current sub-step', () => {
    const { rerender } = render(<ProgressBar steps={steps} current={2} currentSubStep={2} />);

    expect(screen.getByText('Send code')).toHaveAttribute('data-state', 'complete');
    expect(screen.getByText('Enter code')).toHaveAttribute('aria-current', 'step');

    rerender(<ProgressBar steps={steps} current={3} />);
    expect(screen.queryByText('Send code')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});
