import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState } from 'react';
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

  it('marks the option the keyboard is on with a primary tint and a full-colour ring, not a faint grey', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Profession" options={options} />);

    screen.getByRole('combobox', { name: 'Profession' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');

    const highlighted = await waitFor(() => {
      const option = document.querySelector<HTMLElement>('[role="option"][data-highlighted]');
      if (!option) throw new Error('no highlighted option');
      return option;
    });
    expect(highlighted).toHaveClass(
      'data-[highlighted]:bg-primary/10',
      'data-[highlighted]:ring-2',
      'data-[highlighted]:ring-ring',
    );
    expect(highlighted).not.toHaveClass('data-[highlighted]:bg-muted');
  });

  it('takes a custom placeholder, the required mark and an error', () => {
    render(<Dropdown label="Status" options={options} placeholder="Any" required error="Choose one" />);

    const trigger = screen.getByRole('combobox', { name: 'Status' });
    expect(trigger).toHaveTextContent('Any');
    expect(trigger).toHaveAccessibleDescription('Choose one');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it("shows the chosen option's label in its first paint, before the closed list is drawn", () => {
    const triggerText: string[] = [];
    render(
      <Profiler
        id="dropdown"
        onRender={() => triggerText.push(document.querySelector('[role="combobox"]')?.textContent ?? '')}
      >
        <Dropdown label="Profession" options={options} value="accountant" />
      </Profiler>,
    );

    expect(triggerText[0]).toContain('Accountant');
    expect(screen.getByRole('combobox', { name: 'Profession' })).toHaveTextContent('Accountant');
  });

  it('picks by typing on the closed select, once its list is drawn', async () => {
    const onValueChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onValueChange={onValueChange} />);

    screen.getByRole('combobox', { name: 'Profession' }).focus();
    await user.keyboard('a');

    await waitFor(() => expect(onValueChange).toHaveBeenCalledWith('accountant'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('lists the options it is given now, not those of its first paint', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Dropdown label="Profession" options={options.slice(0, 1)} />);
    rerender(<Dropdown label="Profession" options={[...options, { value: 'planner', label: 'Planner' }]} />);

    await user.click(screen.getByRole('combobox', { name: 'Profession' }));

    expect(screen.getByRole('option', { name: 'Planner' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });
});
