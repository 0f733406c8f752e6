import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { FusionAuthSetup } from './fusion-auth-config.ts';
import {
  createHostedBackendClient,
  type HostedBackendDeps,
  keepSessionFresh,
} from './hosted-backend-client.ts';
import { type ProviderAuth, ProviderAuthProvider } from './provider-auth.tsx';

export interface SsoAuthProviderProps {
  setup: FusionAuthSetup;
  children: ReactNode;
  /** Where a failed refresh is reported; the session then ends when its token expires. */
  onRefreshFailure?: (error: unknown) => void;
  /** Replaces the page's cookies, navigation and network in tests. */
  deps?: HostedBackendDeps;
}

/**
 * The single sign-on tenant's provider (spec §7): signed in while the hosted backend's access-token
 * expiry cookie lies ahead, refreshed before it passes. Loaded only there, so the password tenants
 * never download it.
 */
export function SsoAuthProvider({ setup, children, onRefreshFailure, deps }: SsoAuthProviderProps) {
  const client = useMemo(() => createHostedBackendClient(setup, deps), [setup, deps]);
  const [isLoggedIn, setLoggedIn] = useState(() => client.isLoggedIn());
  const reportFailure = useRef(onRefreshFailure);
  reportFailure.current = onRefreshFailure;

  useEffect(() => {
    const update = () => setLoggedIn(client.isLoggedIn());
    update();
    return keepSessionFresh(client, {
      refreshBeforeMs: setup.autoRefreshSecondsBeforeExpiry * 1000,
      onChange: update,
      onRefreshFailure: (error) => reportFailure.current?.(error),
    });
  }, [client, setup]);

  const value = useMemo<ProviderAuth>(
    () => ({
      isLoggedIn,
      startLogin: client.startLogin,
      startRegister: client.startRegister,
      startLogout: client.startLogout,
      accountUrl: client.accountUrl,
      returnedSignedOut: client.returnedSignedOut,
      justReturned: client.justReturned,
      fetchUserInfo: client.fetchUserInfo,
    }),
    [client, isLoggedIn],
  );
  return <ProviderAuthProvider value={value}>{children}</ProviderAuthProvider>;
}
