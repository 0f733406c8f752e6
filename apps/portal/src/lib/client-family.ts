import { type AppState, useAppState } from './app-state.tsx';

/** The single sign-on tenant calls the adviser family, the password tenants the admin family (DESIGN §3). */
export type ClientFamily = 'adviser' | 'admin';

export function clientFamilyOf(state: AppState): ClientFamily {
  return state.envConfig.fusionAuth?.enabled ? 'adviser' : 'admin';
}

export function useClientFamily(): ClientFamily {
  return useAppState(clientFamilyOf);
}
