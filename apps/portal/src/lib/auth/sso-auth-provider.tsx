import { FusionAuthProvider, useFusionAuth } from '@fusionauth/react-sdk';
import { type ReactNode, useMemo } from 'react';
import type { AuthProviderUser } from '../app-state.tsx';
import type { FusionAuthSetup } from './fusion-auth-config.ts';
import { type ProviderAuth, ProviderAuthProvider } from './provider-auth.tsx';

export interface SsoAuthProviderProps {
  setup: FusionAuthSetup;
  children: ReactNode;
}

/**
 * The FusionAuth hosted-backend client for the single sign-on tenant; loaded only there, so the
 * password tenants never download it.
 */
export function SsoAuthProvider({ setup, children }: SsoAuthProviderProps) {
  return (
    <FusionAuthProvider {...setup}>
      <FusionAuthBridge>{children}</FusionAuthBridge>
    </FusionAuthProvider>
  );
}

function FusionAuthBridge({ children }: { children: ReactNode }) {
  const fusionAuth = useFusionAuth<AuthProviderUser>();
  const { isLoggedIn, startLogin, startRegister, startLogout, fetchUserInfo } = fusionAuth;
  const value = useMemo<ProviderAuth>(
    () => ({
      isLoggedIn,
      startLogin,
      startRegister,
      startLogout,
      async fetchUserInfo() {
        // The SDK keeps a failed fetch's error in its state and resolves with nothing.
        const user = await fetchUserInfo();
        if (!user) throw new Error('Unable to fetch userInfo');
        return { ...user, roles: user.roles ?? [] };
      },
    }),
    [isLoggedIn, startLogin, startRegister, startLogout, fetchUserInfo],
  );
  return <ProviderAuthProvider value={value}>{children}</ProviderAuthProvider>;
}
