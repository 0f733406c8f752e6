import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { UserDetails } from '../app-state.tsx';
import type { RouteStorage } from '../route-storage.ts';
import type { EarlyAnswer } from './early-answer.ts';
import type { PasswordSession } from './password-session.ts';
import type { Signal } from './signal.ts';

/** What sign-in, sign-out and the session timeout share, built once at start-up. */
export interface SessionServices {
  passwordSession: PasswordSession;
  routeStorage: RouteStorage;
  /** Fires on every 401 answer from the platform (spec §4 session timeout). */
  unauthorized: Signal;
  /**
   * A password tenant's signed-in adviser, asked for at start-up: the first page's route guard takes
   * it instead of asking once its modules are in (one round trip fewer before the page's own calls).
   */
  firstAdminUserDetails: EarlyAnswer<UserDetails>;
}

const SessionServicesContext = createContext<SessionServices | null>(null);

export function SessionServicesProvider({
  value,
  children,
}: {
  value: SessionServices;
  children: ReactNode;
}) {
  return <SessionServicesContext value={value}>{children}</SessionServicesContext>;
}

export function useSessionServices(): SessionServices {
  const services = useContext(SessionServicesContext);
  if (!services) throw new Error('useSessionServices needs a SessionServicesProvider above it');
  return services;
}

/** The password tenants' signed-in state, re-rendering when the token is stored, refreshed, expires or goes. */
export function usePasswordSignedIn(): boolean {
  const { passwordSession } = useSessionServices();
  return useSyncExternalStore(passwordSession.subscribe, passwordSession.isSignedIn);
}
