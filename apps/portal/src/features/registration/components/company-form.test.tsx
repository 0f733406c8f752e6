import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppStoreProvider } from '../../../lib/app-state.tsx';
import { type FakeHandler, json } from '../../../testing/fake-api.ts';
import { renderPageWithProviders } from '../../../testing/render-page-with-providers.tsx';
import { createTenantStore } from '../../../testing/render-tenant-hook.tsx';
import { CompanyForm } from './company-form.tsx';

const aggregatorsRoute = 'GET /api/admin/brokers/aggregators';

function renderCompanyForm(aggregators: FakeHandler = () => json({ data: [{ id: 3, name: 'Connective' }] })) {
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
    routes: { [aggregatorsRoute]: aggregators },
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

  it('says so when the aggregators cannot load, and tries again; the adviser can go on without one', async () => {
    let fail = true;
    const { user } = renderCompanyForm(() =>
      fail
        ? json({ error: { error_code: 'F0000', error_type: 'internal', error_message: 'Down' } }, 400)
        : json({ data: [{ id: 3, name: 'Connective' }] }),
    );

    expect(
      await screen.findByText('We could not load the aggregators. You can continue without one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Aggregator' })).toBeEnabled());
    expect(screen.queryByText(/We could not load the aggregators/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Aggregator' }));
    expect(await screen.findByRole('option', { name: 'Connective' })).toBeInTheDocument();
  });
});
