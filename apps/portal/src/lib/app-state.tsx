import type { AppConfig, ExternalPartyStatus } from '@waratah/contracts';
import type { EnvConfig, Environment, TenantConfig, TenantId } from '@waratah/tenants';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

/** The adviser's business on the platform; the platform may grow statuses the portal does not know. */
export interface ExternalParty {
  id: string;
  status: ExternalPartyStatus | (string & {});
}

/** The signed-in adviser (spec §3 "Current admin user details"). */
export interface UserDetails {
  id: string;
  given_name: string;
  family_name: string;
  email?: string;
  external_party: ExternalParty | null;
}

/** What the external sign-in provider says about the user (spec §3 "Auth-provider user info"). */
export interface AuthProviderUser {
  roles: string[];
  sub?: string;
  email?: string;
  given_name?: string;
  family_name?: string;
}

/** The app state of spec §3 and DESIGN §4; server data lives in TanStack Query instead. */
export interface AppState {
  tenant: TenantId;
  tenantConfig: TenantConfig;
  environment: Environment;
  /** The environment's config as resolved for this host (local hosts point every URL at the page's origin). */
  envConfig: EnvConfig;
  appConfig: AppConfig | null;
  userDetails: UserDetails | null;
  authProviderUser: AuthProviderUser | null;
}

export interface AppStore {
  getState(): AppState;
  setState(patch: Partial<AppState>): void;
  subscribe(listener: () => void): () => void;
}

export function createAppStore(initialState: AppState): AppStore {
  let state = initialState;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(patch) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const AppStoreContext = createContext<AppStore | null>(null);

export function AppStoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <AppStoreContext value={store}>{children}</AppStoreContext>;
}

export function useAppStore(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStore needs an AppStoreProvider above it');
  return store;
}

/** Re-renders when the selected value changes; select a field, not a freshly built object. */
export function useAppState<T>(select: (state: AppState) => T): T {
  const store = useAppStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
