import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VerifyEmailForm, type VerifyEmailFormProps } from './verify-email-form.tsx';

function renderForm(props: Partial<VerifyEmailFormProps> = {}) {
  const onVerify = vi.fn();
  const form = (more: Partial<VerifyEmailFormProps>) => (
    <VerifyEmailForm
      email="ada.lee@example.test"
      pending={false}
      resending={false}
      resent={false}
      onVerify={onVerify}
      onResend={() => {}}
      {...props}
      {...more}
    />
  );
  const view = render(form({}));
  return {
    onVerify,
    user: userEvent.setup(),
    rerender: (more: Partial<VerifyEmailFormProps>) => view.rerender(form(more)),
  };
}

describe('VerifyEmailForm', () => {
  it('holds Verify while a new code is on its way, on a click, on Enter and on any other submit', async () => {
    const { onVerify, user, rerender } = renderForm({ resending: true });

    const code = screen.getByRole('textbox', { name: 'Verification code' });
    await user.type(code, '123456{Enter}');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.click(verify);
    fireEvent.submit(code.closest('form') as HTMLFormElement);

    // Before 2026-12-03 the code was checked meanwhile, refused once the new one replaced it.
    expect(onVerify).not.toHaveBeenCalled();
    rerender({ resending: false });
    await user.click(verify);
    expect(onVerify).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('keeps its live region in the page, empty while a new code is on its way, so each one is announced', () => {
    const { rerender } = renderForm({ resent: true });

    const region = screen.getByText('We have sent you a new code').closest('[aria-live], [role="status"]');
    rerender({ resending: true, resent: false });
    expect(region).toBeInTheDocument();
    expect(region).toBeEmptyDOMElement();
    rerender({ resent: true });
    expect(region).toHaveTextContent('We have sent you a new code');
    expect(region?.querySelector('[role="status"], [aria-live]')).toBeNull();
  });
});
