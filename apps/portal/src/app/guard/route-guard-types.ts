import type { AppConfig } from '@waratah/contracts';
import type { RouteTarget } from '../../config/route-href.ts';
import type { RouteMeta, RouteName } from '../../config/routes.ts';
import type { AppStore, AuthProviderUser, ExternalParty, UserDetails } from '../../lib/app-state.tsx';
import type { RouteStorage } from '../../lib/route-storage.ts';

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: RouteTarget }
  | { type: 'start-provider-login' }
  | { type: 'start-provider-register' };

/** The route being entered: its table entry and where exactly the visitor is going. */
export interface GuardTarget {
  meta: RouteMeta;
  redirectTo?: RouteName | undefined;
  params: Record<string, string>;
  /** `location.search`, e.g. '?invitation_token=abc'. */
  search: string;
  hash: string;
  /**
   * The adviser has just signed out on this very page (the sign-out button): it is not a page to
   * come back to, and the next adviser to sign in in this browser must not be sent to it.
   */
  signedOutHere?: boolean | undefined;
}

/** Everything the guard reads or does outside itself, injected so that every branch can be tested. */
export interface RouteGuardDependencies {
  /** Single sign-on through the external provider (the default tenant) rather than a password. */
  providerEnabled: boolean;
  isSignedIn(): boolean;
  /**
   * Password mode: resolves once a refresh of the stored session under way has ended (at start-up
   * after the tab was closed past the token's life, the refresh cookie renews it).
   */
  sessionSettled(): Promise<void>;
  /** Provider mode: the provider has just sent the visitor back and still no session is open. */
  providerReturnedSignedOut(): boolean;
  /** Provider mode: the provider has just sent the visitor back, signed in or not. */
  providerJustReturned(): boolean;
  setTitle(title: string | undefined): void;
  appStore: AppStore;
  routeStorage: RouteStorage;
  /** Provider mode: the signed-in user as the provider knows them. */
  fetchUserInfo(): Promise<AuthProviderUser>;
  /** Provider mode: the adviser's external party; null when they have none yet. */
  fetchPartyDetails(): Promise<ExternalParty | null>;
  /** Password mode: the signed-in admin user with their external party. */
  fetchAdminUserDetails(): Promise<UserDetails>;
  /** The stored app config, fetched only when none is stored (spec §7 Config). */
  loadAppConfig(): Promise<AppConfig>;
  /** Tells the in-product guidance service who is using the portal. */
  identifyGuidance(user: UserDetails): void;
}
