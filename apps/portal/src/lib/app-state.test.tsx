import { act, render, screen } from '@testing-library/react';
import { tenants } from '@waratah/tenants';
import { describe, expect, it, vi } from 'vitest';
import { type AppState, AppStoreProvider, createAppStore, useAppState } from './app-state.tsx';

const moneypartner = tenants.moneypartner;

function initialState(): AppState {
  return {
    tenant: 'moneypartner',
    tenantConfig: moneypartner,
    environment: 'production',
    envConfig: moneypartner.envConfig.production ?? expect.fail('moneypartner has production'),
    appConfig: null,
    userDetails: null,
    authProviderUser: null,
  };
}

describe('createAppStore', () => {
  it('merges updates and tells subscribers until they leave', () => {
    const store = createAppStore(initialState());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.setState({ userDetails: { id: '1', given_name: 'Ada', family_name: 'Lee', external_party: null } });
    unsubscribe();
    store.setState({ userDetails: null });

    expect(listener).toHaveBeenCalledOnce();
    expect(store.getState().tenant).toBe('moneypartner');
  });
});

function GivenName() {
  return <p>{useAppState((state) => state.userDetails?.given_name ?? 'nobody')}</p>;
}

describe('useAppState', () => {
  it('re-renders with the selected value', () => {
    const store = createAppStore(initialState());
    render(
      <AppStoreProvider store={store}>
        <GivenName />
      </AppStoreProvider>,
    );

    expect(screen.getByText('nobody')).toBeInTheDocument();
    act(() =>
      store.setState({
        userDetails: { id: '1', given_name: 'Ada', family_name: 'Lee', external_party: null },
      }),
    );
    expect(screen.getByText('Ada')).toBeInTheDocument();
  });
});
