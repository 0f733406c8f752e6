import { render, screen } from '@testing-library/react';
import { tenants } from '@waratah/tenants';
import { describe, expect, it, vi } from 'vitest';
import { AppStoreProvider, createAppStore } from '../../lib/app-state.tsx';
import { type ProviderAuth, ProviderAuthProvider } from '../../lib/auth/provider-auth.tsx';
import { AdviserName } from './adviser-name.tsx';

function renderName(provider: ProviderAuth | null) {
  const tenant = provider ? tenants.waratah : tenants.moneypartner;
  const store = createAppStore({
    tenant: tenant.id,
    tenantConfig: tenant,
    environment: 'production',
    envConfig: tenant.envConfig.production ?? expect.fail('the tenant has production'),
    appConfig: null,
    userDetails: { id: '1', given_name: 'Ada', family_name: 'Lee', external_party: null },
    authProviderUser: null,
  });
  const name = <AdviserName />;
  render(
    <AppStoreProvider store={store}>
      {provider ? <ProviderAuthProvider value={provider}>{name}</ProviderAuthProvider> : name}
    </AppStoreProvider>,
  );
}

describe('AdviserName', () => {
  it('names the adviser, with no link, on a tenant that signs in with passwords', () => {
    renderName(null);
    expect(screen.getByTestId('adviser-name')).toHaveTextContent('Ada Lee');
    expect(screen.getByText('Signed in as Ada Lee')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('leads to the sign-in provider’s account page with single sign-on (spec §7: /account/)', () => {
    const accountUrl = 'https://portal.waratah.com.au/account/?client_id=5cc2641a';
    renderName({
      isLoggedIn: true,
      startLogin: vi.fn(),
      startRegister: vi.fn(),
      startLogout: vi.fn(),
      accountUrl,
      returnedSignedOut: () => false,
      justReturned: () => false,
      fetchUserInfo: vi.fn(),
    });
    expect(
      screen.getByRole('link', { name: 'Signed in as Ada Lee: your account and password' }),
    ).toHaveAttribute('href', accountUrl);
  });
});
