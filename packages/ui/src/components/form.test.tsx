import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from './button.tsx';
import { Form } from './form.tsx';
import { FormCheckbox } from './form-checkbox.tsx';
import { FormErrorSummary } from './form-error-summary.tsx';
import { FormTextInput } from './form-text-input.tsx';

const schema = z.object({
  email: z.email('Please enter a valid email address'),
  firstName: z
    .string()
    .min(1, 'Please enter your first name')
    .regex(/^[a-z' -]*$/i, 'Please enter a valid first name'),
  terms: z.literal(true, 'Please agree to the terms and privacy policy'),
});
type Values = z.infer<typeof schema>;

function SignUp({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<z.input<typeof schema>, unknown, Values>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { email: '', firstName: '', terms: false as unknown as true },
  });
  return (
    <Form form={form as never} onSubmit={onSubmit as never}>
      <FormErrorSummary />
      <FormTextInput<Values> name="email" label="Email" type="email" required />
      <FormTextInput<Values> name="firstName" label="First name" />
      <FormCheckbox<Values> name="terms" label="I agree" />
      <Button type="submit">Register</Button>
    </Form>
  );
}

function SubmitOnly() {
  const form = useForm<z.input<typeof schema>, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', firstName: '', terms: false as unknown as true },
  });
  return (
    <Form form={form as never} onSubmit={() => {}}>
      <FormTextInput<Values> name="email" label="Email" type="email" required />
      <Button type="submit">Register</Button>
    </Form>
  );
}

describe('Form', () => {
  it('validates on input but shows a field message only once it is touched', async () => {
    const user = userEvent.setup();
    render(<SignUp onSubmit={() => {}} />);
    const email = screen.getByRole('textbox', { name: 'Email' });

    await user.type(email, 'not-an-email');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await user.tab();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');

    await user.clear(email);
    await user.type(email, 'ann@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('shows each untouched field its message beside it after a failed submit (validation on submit)', async () => {
    const user = userEvent.setup();
    render(<SubmitOnly />);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
  });

  it('shows the first message per field and the error list after a failed submit', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<SignUp onSubmit={onSubmit} />);

    await user.type(screen.getByRole('textbox', { name: 'First name' }), '4');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('Please correct the following errors:');
    expect(summary).toHaveTextContent('Please enter a valid email address');
    expect(summary).toHaveTextContent('Please enter a valid first name');
    expect(summary).toHaveTextContent('Please agree to the terms and privacy policy');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a checkbox message once it is touched', async () => {
    const user = userEvent.setup();
    render(<SignUp onSubmit={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'I agree' });

    await user.click(box);
    expect(box).not.toHaveAttribute('aria-invalid');
    await user.click(box);

    expect(box).toHaveAccessibleDescription('Please agree to the terms and privacy policy');
  });

  it('submits parsed values once valid', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<SignUp onSubmit={onSubmit} />);

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ann');
    await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(onSubmit).toHaveBeenCalledWith(
      { email: 'ann@example.com', firstName: 'Ann', terms: true },
      expect.anything(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
