import { createContext, type ReactNode, useContext } from 'react';
import type { AuthProviderUser } from '../app-state.tsx';

/** The external sign-in provider as the portal uses it (spec §4, §7 External sign-in provider). */
export interface ProviderAuth {
  isLoggedIn: boolean;
  startLogin(): void;
  startRegister(): void;
  startLogout(): void;
  /** The provider's account page (`/account/`): the adviser's own details and password. */
  accountUrl: string;
  /**
   * The provider sent the visitor straight back with no session open, or back to the callback with
   * a sign-in whose `state` this tab did not send, which is refused (see hosted-backend-client.ts).
   */
  returnedSignedOut(): boolean;
  /** The visitor has just come back from the provider's login or registration, signed in or not. */
  justReturned(): boolean;
  /** Rejects with the provider's error when the user info cannot be fetched. */
  fetchUserInfo(): Promise<AuthProviderUser>;
}

const ProviderAuthContext = createContext<ProviderAuth | null>(null);

export function ProviderAuthProvider({ value, children }: { value: ProviderAuth; children: ReactNode }) {
  return <ProviderAuthContext value={value}>{children}</ProviderAuthContext>;
}

/** The provider of a single sign-on tenant; null for the password tenants, which have none. */
export function useProviderAuth(): ProviderAuth | null {
  return useContext(ProviderAuthContext);
}

/** For code that runs only with single sign-on: a missing provider is a wiring mistake. */
export function useRequiredProviderAuth(): ProviderAuth {
  const provider = useProviderAuth();
  if (!provider) throw new Error('No FusionAuth instance found. Is single sign-on set up for this tenant?');
  return provider;
}
