import { useProviderAuth } from './provider-auth.tsx';
import { usePasswordSignedIn } from './session-services.tsx';

/** Whether the visitor is signed in, by the tenant's provider or its password session; re-renders on a change. */
export function useSignedIn(): boolean {
  const provider = useProviderAuth();
  const passwordSignedIn = usePasswordSignedIn();
  return provider ? provider.isLoggedIn : passwordSignedIn;
}
