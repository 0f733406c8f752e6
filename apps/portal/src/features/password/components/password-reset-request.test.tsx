import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, json } from '../../../testing/fake-api.ts';
import { renderPortal } from '../../../testing/render.tsx';

const resetRoute = 'POST /api/admin/adminusers/reset';
const accepted = () => json({ data: { message: 'sent' } });

describe('ResetPasswordPage and ResendResetPasswordPage', () => {
  it("submits with 'Reset Password' and confirms the e-mail went out", async () => {
    const api = createFakeApi({ [resetRoute]: accepted });
    const { user } = await renderPortal({ url: '/reset-password', api });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada.lee@example.test');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText('We have emailed you instructions to recover your password'),
    ).toBeInTheDocument();
    expect(api.requestsTo(resetRoute)[0]?.body).toEqual({ email: 'ada.lee@example.test' });
  });

  it('announces that the e-mail went out and gives that message focus, once', async () => {
    const api = createFakeApi({ [resetRoute]: accepted });
    const { user } = await renderPortal({ url: '/reset-password', api });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada.lee@example.test');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const sent = await screen.findByText('We have emailed you instructions to recover your password');
    expect(sent).toHaveAttribute('role', 'status');
    expect(sent).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Resend it' })).toHaveFocus();
  });

  it("asks for a valid email address in the spec's words", async () => {
    const api = createFakeApi({ [resetRoute]: accepted });
    const { user } = await renderPortal({ url: '/reset-password', api });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.requestsTo(resetRoute)).toHaveLength(0);
  });

  it('resends to the same address', async () => {
    const api = createFakeApi({ [resetRoute]: accepted });
    const { user } = await renderPortal({ url: '/reset-password', api });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada.lee@example.test');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await user.click(await screen.findByRole('link', { name: 'Resend it' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('ada.lee@example.test');
    await user.click(screen.getByRole('button', { name: 'Resend instructions' }));

    expect(
      await screen.findByText('We have emailed you instructions to recover your password'),
    ).toBeInTheDocument();
    expect(api.requestsTo(resetRoute)).toHaveLength(2);
  });
});
