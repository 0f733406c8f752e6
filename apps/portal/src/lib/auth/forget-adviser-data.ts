import type { QueryClient } from '@tanstack/react-query';
import type { AppStore } from '../app-state.tsx';
import type { PasswordSession } from './password-session.ts';

/**
 * Drops everything read for the signed-in adviser (every query but the tenant's app config, and
 * who they are): the next person to sign in in this tab, on a shared workstation, must not be
 * shown the last one's clients from the cache.
 */
export function forgetAdviserData(queryClient: QueryClient, appStore: AppStore): void {
  appStore.setState({ userDetails: null, authProviderUser: null });
  queryClient.removeQueries({ predicate: ({ queryKey }) => queryKey[0] !== 'app-config' });
}

/**
 * Calls `forget` whenever the password session ends without the sign-out button (it expired, a
 * request was answered 401 "Session timed out", another tab signed out) and whenever another tab
 * signs in over it (perhaps as someone else; a refresh keeps the sign-in's id). Before 2026-11-30
 * only the button dropped the cache, so the next adviser to sign in in the tab was sent back to
 * the last one's page and shown their client's data from it for a minute. Returns the unsubscribe.
 */
export function forgetAdviserDataWhenSessionEnds(
  session: Pick<PasswordSession, 'subscribe' | 'isSignedIn' | 'signInId'>,
  forget: () => void,
): () => void {
  let signedIn = session.isSignedIn();
  let signIn = session.signInId();
  return session.subscribe(() => {
    const now = session.isSignedIn();
    const nowSignIn = session.signInId();
    if ((signedIn && !now) || (signIn !== null && nowSignIn !== null && nowSignIn !== signIn)) forget();
    signedIn = now;
    signIn = nowSignIn;
  });
}
