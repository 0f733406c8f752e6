import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPageWithProviders } from '../../../testing/render-page-with-providers.tsx';
import { CredentialsForm } from './credentials-form.tsx';

function renderCredentialsForm() {
  const onSubmit = vi.fn();
  const view = renderPageWithProviders({
    path: '/register/credentials',
    url: '/register/credentials',
    page: <CredentialsForm existing={undefined} pending={false} onSubmit={onSubmit} />,
    routes: {},
  });
  return { ...view, onSubmit };
}

describe('CredentialsForm', () => {
  it('focuses the profession on submit without one, marked invalid and described by its message', async () => {
    const { user, onSubmit } = renderCredentialsForm();

    await user.click(await screen.findByRole('button', { name: 'Submit application' }));

    const profession = screen.getByRole('combobox', { name: 'Profession' });
    expect(profession).toHaveFocus();
    expect(profession).toHaveAttribute('aria-invalid', 'true');
    expect(profession).toHaveAccessibleDescription('Please choose your profession');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the first licence number in the wrong format, also on Enter', async () => {
    const { user, onSubmit } = renderCredentialsForm();

    await user.click(await screen.findByRole('combobox', { name: 'Profession' }));
    await user.click(await screen.findByRole('option', { name: 'Broker' }));
    await user.type(screen.getByRole('textbox', { name: 'Tax agent number' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Australian credit licence number' }), '123{Enter}');

    const acl = screen.getByRole('textbox', { name: 'Australian credit licence number' });
    expect(acl).toHaveFocus();
    expect(acl).toHaveAttribute('aria-invalid', 'true');
    expect(acl).toHaveAccessibleDescription('An Australian credit licence number has 6 digits');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
