import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppStoreProvider } from '../../../lib/app-state.tsx';
import { json } from '../../../testing/fake-api.ts';
import { renderPageWithProviders } from '../../../testing/render-page-with-providers.tsx';
import { createTenantStore } from '../../clients/testing/render-tenant-hook.tsx';
import { CompanyForm } from './company-form.tsx';

function renderCompanyForm() {
  const onSubmit = vi.fn();
  const view = renderPageWithProviders({
    path: '/register/company',
    url: '/register/company',
    // moneypartner, a password tenant, asks the admin family for the aggregators.
    page: (
      <AppStoreProvider store={createTenantStore('moneypartner.localhost:8080')}>
        <CompanyForm pending={false} onSubmit={onSubmit} />
      </AppStoreProvider>
    ),
    routes: { 'GET /api/admin/brokers/aggregators': () => json({ data: [{ id: 3, name: 'Connective' }] }) },
  });
  return { ...view, onSubmit };
}

describe('CompanyForm', () => {
  it('focuses the first field wrong on submit, marked invalid and described by its message', async () => {
    const { user, onSubmit } = renderCompanyForm();

    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    const name = screen.getByRole('textbox', { name: 'Business name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter the business name');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the state when it is the first field wrong', async () => {
    const { user, onSubmit } = renderCompanyForm();

    await user.type(await screen.findByRole('textbox', { name: 'Business name' }), 'Lee Advice');
    await user.type(screen.getByRole('textbox', { name: 'ABN' }), '51 824 753 556');
    await user.type(screen.getByRole('textbox', { name: 'Street address' }), '1 George St');
    await user.type(screen.getByRole('textbox', { name: 'Suburb' }), 'Sydney');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const state = screen.getByRole('combobox', { name: 'State' });
    expect(state).toHaveFocus();
    expect(state).toHaveAttribute('aria-invalid', 'true');
    expect(state).toHaveAccessibleDescription(/^Please choose a state/);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
