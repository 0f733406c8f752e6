import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.tsx';

describe('Checkbox', () => {
  it('is a labelled checkbox toggled by click and by Space', async () => {
    const onCheckedChange = vi.fn();
    const user = userEvent.setup();
    render(<Checkbox label="I agree" onCheckedChange={onCheckedChange} />);

    const box = screen.getByRole('checkbox', { name: 'I agree' });
    await user.click(screen.getByText('I agree'));
    expect(box).toBeChecked();
    await user.keyboard(' ');

    expect(box).not.toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('marks a required box and describes it with its error', () => {
    render(<Checkbox label="Terms" required error="Please agree to the terms and privacy policy" />);

    const box = screen.getByRole('checkbox', { name: 'Terms' });
    expect(box).toBeRequired();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please agree to the terms and privacy policy');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('ignores clicks while disabled and merges className', async () => {
    render(<Checkbox label="Off" disabled className="mt-2" />);

    const box = screen.getByRole('checkbox', { name: 'Off' });
    await userEvent.click(box);

    expect(box).not.toBeChecked();
    expect(box.closest('[data-slot="checkbox"]')).toHaveClass('mt-2');
  });
});
