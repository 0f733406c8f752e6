import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, type DropdownOption } from './dropdown.tsx';

const options: DropdownOption[] = [
  { value: 'broker', label: 'Broker', description: 'Mortgage or finance broker', image_url: '/broker.png' },
  { value: 'accountant', label: 'Accountant' },
];

function Controlled({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState<string>();
  return (
    <Dropdown
      label="Profession"
      options={options}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
    />
  );
}

describe('Dropdown', () => {
  it('shows the placeholder "Select" until a value is chosen', () => {
    render(<Dropdown label="Profession" options={options} />);

    expect(screen.getByRole('combobox', { name: 'Profession' })).toHaveTextContent('Select');
  });

  it('lists labels, descriptions and images, and picks by keyboard', async () => {
    const onValueChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onValueChange={onValueChange} />);

    const trigger = screen.getByRole('combobox', { name: 'Profession' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const broker = screen.getByRole('option', { name: /Broker/ });
    expect(broker).toHaveTextContent('Mortgage or finance broker');
    expect(broker.querySelector('img')).toHaveAttribute('src', '/broker.png');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onValueChange).toHaveBeenCalledWith('accountant');
    expect(trigger).toHaveTextContent('Accountant');
  });

  it('takes a custom placeholder, the required mark and an error', () => {
    render(<Dropdown label="Status" options={options} placeholder="Any" required error="Choose one" />);

    const trigger = screen.getByRole('combobox', { name: 'Status' });
    expect(trigger).toHaveTextContent('Any');
    expect(trigger).toHaveAccessibleDescription('Choose one');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });
});
