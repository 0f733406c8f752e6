import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextInput } from './text-input.tsx';

describe('TextInput', () => {
  it('labels the input and takes the given type', () => {
    render(<TextInput label="Email" type="email" name="email" />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
  });

  it('marks a required field with an asterisk that is not read out', () => {
    render(<TextInput label="Password" type="password" required />);

    const input = screen.getByLabelText(/^Password/);
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleName('Password');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('holds its error back until the field is left', async () => {
    const onBlur = vi.fn();
    render(<TextInput label="Email" error="Please enter a valid email address" onBlur={onBlur} />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');

    await userEvent.click(input);
    await userEvent.tab();

    expect(onBlur).toHaveBeenCalledOnce();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('shows the error at once when marked touched', () => {
    render(<TextInput label="Email" error="Please enter a valid email address" touched />);

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('describes the input with its hint', () => {
    render(<TextInput label="Phone" type="tel" hint="Include the area code" />);

    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'Include the area code',
    );
  });

  it('passes typing and other props through', async () => {
    const onChange = vi.fn();
    render(<TextInput label="First name" maxLength={5} onChange={onChange} className="mt-4" />);

    const input = screen.getByRole('textbox', { name: 'First name' });
    await userEvent.type(input, 'Alexandra');

    expect(input).toHaveValue('Alexa');
    expect(onChange).toHaveBeenCalledTimes(5);
    expect(input.closest('[data-slot="text-input"]')).toHaveClass('mt-4');
  });
});

describe('TextInput types and rules', () => {
  it.each(['text', 'password', 'email', 'tel', 'time', 'url', 'week', 'month'] as const)(
    'takes the %s type',
    (type) => {
      render(<TextInput label="Field" type={type} />);

      expect(screen.getByLabelText('Field')).toHaveAttribute('type', type);
    },
  );

  it('validates on every input and shows only the first failing message, after touch', async () => {
    const user = userEvent.setup();
    render(
      <TextInput
        label="First name"
        rules={[
          (v) => (v ? undefined : 'Please enter your first name'),
          (v) => (/^[a-z' -]+$/i.test(v) ? undefined : 'Please enter a valid first name'),
        ]}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'First name' });

    await user.type(input, '4');
    expect(screen.queryByText('Please enter a valid first name')).not.toBeInTheDocument();
    await user.tab();
    expect(input).toHaveAccessibleDescription('Please enter a valid first name');

    await user.clear(input);
    expect(input).toHaveAccessibleDescription('Please enter your first name');
    await user.type(input, 'Ann');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Please enter/)).not.toBeInTheDocument();
  });

  it('lets an outside error win over the rules and checks a controlled value', () => {
    const { rerender } = render(
      <TextInput label="Email" value="x" onChange={() => {}} touched rules={[() => 'Rule']} error="Server" />,
    );
    expect(screen.getByText('Server')).toBeInTheDocument();

    rerender(<TextInput label="Email" value="x" onChange={() => {}} touched rules={[() => 'Rule']} />);
    expect(screen.getByText('Rule')).toBeInTheDocument();
  });
});
