import type { AppConfig } from '@waratah/contracts';
import type { RouteTarget } from '../../config/route-href.ts';
import type { RouteMeta } from '../../config/routes.ts';
import { isFeatureEnabled } from '../../lib/app-config/is-feature-enabled.ts';
import type { ExternalParty, UserDetails } from '../../lib/app-state.tsx';
import type { GuardDecision, GuardTarget, RouteGuardDependencies } from './route-guard-types.ts';

const allow: GuardDecision = { type: 'allow' };
const redirect = (to: RouteTarget): GuardDecision => ({ type: 'redirect', to });

/**
 * The route guard of spec §4, in its order: title, sign-in, guidance identify (never waited for),
 * account status, feature; a page it lets in waits for the app config. Every navigation runs it; it decides and
 * never navigates itself. A page the provider takes over checks its feature first (see enterDecision).
 */
export async function runRouteGuard(
  target: GuardTarget,
  deps: RouteGuardDependencies,
): Promise<GuardDecision> {
  const { meta } = target;
  deps.setTitle(meta.title);

  const entry = await enterDecision(target, deps);
  if (entry) return entry;

  if (meta.auth) {
    const signIn = await signInDecision(target, deps);
    if (signIn) return signIn;
  }

  const user = deps.appStore.getState().userDetails;
  if (meta.auth && user?.id) identifyGuidance(user, deps);

  if (meta.accountStatus === 'enabled') {
    const status = accountStatusDecision(user?.external_party ?? null);
    if (status) return status;
  }

  if (meta.featureKey && !(await isFeatureOn(meta, deps))) return redirect({ name: 'PageNotFound' });

  if (target.redirectTo) return redirect({ name: target.redirectTo, params: target.params });
  await appConfigLoaded(deps);
  return allow;
}

/** What a route decides before any sign-in check: its query needs and the provider's own pages. */
async function enterDecision(
  { meta, search }: GuardTarget,
  deps: RouteGuardDependencies,
): Promise<GuardDecision | null> {
  if (meta.requiredQueryParams) {
    const query = new URLSearchParams(search);
    if (!meta.requiredQueryParams.some((name) => query.get(name))) return redirect({ name: 'LoginPage' });
  }
  if (!deps.providerEnabled || !meta.withProvider) return null;
  // A feature-gated page stays not found with its feature off, provider or not (spec §2, §6): the
  // registration steps start the provider's registration only with ta_register on.
  if (meta.featureKey && !(await isFeatureOn(meta, deps))) return redirect({ name: 'PageNotFound' });
  if (meta.withProvider === 'login') {
    return deps.isSignedIn() ? redirect({ name: 'DashboardPage' }) : { type: 'start-provider-login' };
  }
  deps.routeStorage.savePostLoginRoute({ name: 'RegisterCompanyPage' });
  return { type: 'start-provider-register' };
}

async function signInDecision(
  target: GuardTarget,
  deps: RouteGuardDependencies,
): Promise<GuardDecision | null> {
  const { meta } = target;
  // A session being renewed is waited for, not sent to sign in while its new token is on its way.
  if (!deps.isSignedIn()) await deps.sessionSettled();
  if (!deps.isSignedIn()) {
    // Back from the provider and still signed out: logging in again would return here at once, for
    // ever (a clock far ahead, or refused cookies). The route the visitor asked for stays saved.
    if (deps.providerEnabled && meta.name === 'AuthCallback' && deps.providerReturnedSignedOut()) {
      return redirect({ name: 'ErrorPage' });
    }
    saveEntryRoute(target, deps);
    return deps.providerEnabled ? { type: 'start-provider-login' } : redirect({ name: 'LoginPage' });
  }

  if (deps.providerEnabled) {
    const loaded = await loadProviderUser(meta, deps);
    if (!loaded && !isRegistrationRoute(meta)) {
      saveEntryRoute(target, deps);
      // Just back from the provider, whose session is open: its login would bring the visitor
      // straight back to the same failure (a user info or party that keeps failing), for ever.
      return deps.providerJustReturned() ? redirect({ name: 'ErrorPage' }) : { type: 'start-provider-login' };
    }
  }

  if (meta.registrationIncomplete && deps.routeStorage.hasPostLoginRoute()) {
    const saved = deps.routeStorage.takePostLoginRoute();
    // Registration resumes from the dashboard, which sends an adviser without a business to the company step.
    return redirect(!saved || saved.name === 'RegisterCompanyPage' ? { name: 'DashboardPage' } : saved);
  }

  if (!deps.providerEnabled) {
    try {
      deps.appStore.setState({ userDetails: await deps.fetchAdminUserDetails() });
    } catch {
      return redirect({ name: 'LoginPage' });
    }
  }
  return null;
}

/** Stores the provider's user and, except on the auth callback, their party; false when either failed. */
async function loadProviderUser(meta: RouteMeta, deps: RouteGuardDependencies): Promise<boolean> {
  try {
    const authProviderUser = await deps.fetchUserInfo();
    deps.appStore.setState({ authProviderUser });
    if (meta.name === 'AuthCallback') return true;
    const party = await deps.fetchPartyDetails();
    deps.appStore.setState({ userDetails: providerUserDetails(authProviderUser, party) });
    return true;
  } catch {
    return false;
  }
}

function providerUserDetails(
  user: { sub?: string; email?: string; given_name?: string; family_name?: string },
  party: ExternalParty | null,
): UserDetails {
  return {
    id: user.sub ?? '',
    given_name: user.given_name ?? '',
    family_name: user.family_name ?? '',
    ...(user.email && { email: user.email }),
    external_party: party,
  };
}

/**
 * Identifies the adviser to the in-product guidance, never holding the page back: at once with a
 * stored app config, else once it comes (one that never answers or fails identifies nobody).
 */
function identifyGuidance(user: UserDetails, deps: RouteGuardDependencies): void {
  const identify = (appConfig: AppConfig) => {
    if (isFeatureEnabled(appConfig, 'appcues')) deps.identifyGuidance(user);
  };
  const stored = deps.appStore.getState().appConfig;
  if (stored) {
    identify(stored);
    return;
  }
  void deps
    .loadAppConfig()
    .then(identify)
    .catch(() => undefined);
}

function accountStatusDecision(party: ExternalParty | null): GuardDecision | null {
  if (!party) return redirect({ name: 'RegisterCompanyPage' });
  if (party.status === 'enabled') return null;
  if (party.status === 'unverified') return redirect({ name: 'UnverifiedPage' });
  return redirect({ name: 'DisabledPage' });
}

/** How long a page waits for a slow app config before it shows without it (a failing one: not at all). */
export const APP_CONFIG_WAIT_MS = 2_000;

/**
 * How long a page behind a feature waits for an app config still on its way before it is taken as
 * not found. Longer than APP_CONFIG_WAIT_MS, whose cost is only links that come late: here the
 * cost is PageNotFound for a page that may well be on, so it outlasts the query's retries of a
 * failing server (1 s and 2 s apart), after which the load fails (also PageNotFound) or answers;
 * not those of a busy one whose `Retry-After` spaces them further (up to 10 s each,
 * lib/query-client.ts), which is taken as not found here while its retry is still to come.
 */
export const FEATURE_CONFIG_WAIT_MS = 10_000;

/**
 * A page is shown with the app config it reads (the layouts' links, the sign-in page's registration
 * link), never before it: shown first, those would appear a moment later and move what is on the
 * page — the sign-in button by 35 px, under the visitor's pointer. Start-up has already asked for
 * it, so this is usually a wait of nothing; a config that fails leaves the page without them, and
 * one that has not come within APP_CONFIG_WAIT_MS does not hold the page back any longer.
 */
async function appConfigLoaded(deps: RouteGuardDependencies): Promise<void> {
  await appConfigWithin(deps, APP_CONFIG_WAIT_MS);
}

/**
 * Spec §4 step 5 and §6: a page behind a feature is let in only with that feature on in the app
 * config; off, or a config that fails, is PageNotFound. So is a config that has not come within
 * FEATURE_CONFIG_WAIT_MS (before 2026-12-03 it was waited for without a limit, and one that never
 * answered left the page on the spinner for good). Letting the adviser in without it would be
 * wrong: the platform refuses only the writes of a feature that is off (adding a goal, registering),
 * not the reads of view_transactions and view_goals, so the page would show, and the platform
 * audit as read, the client's data the tenant has switched off.
 */
async function isFeatureOn(meta: RouteMeta, deps: RouteGuardDependencies): Promise<boolean> {
  if (!meta.featureKey) return true;
  return isFeatureEnabled(await appConfigWithin(deps, FEATURE_CONFIG_WAIT_MS), meta.featureKey);
}

/**
 * The stored app config, else the one loaded if it comes within `waitMs`; null when the load fails
 * or is still on its way then (it goes on, and stores the config for the next navigation).
 */
async function appConfigWithin(deps: RouteGuardDependencies, waitMs: number): Promise<AppConfig | null> {
  const stored = deps.appStore.getState().appConfig;
  if (stored) return stored;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([deps.loadAppConfig().catch(() => null), waited]);
  } finally {
    clearTimeout(timer);
  }
}

// The callback is where sign-in ends, never a page to come back to; nor is a page signed out of.
function saveEntryRoute(target: GuardTarget, deps: RouteGuardDependencies): void {
  if (target.meta.name !== 'AuthCallback' && !target.signedOutHere)
    deps.routeStorage.saveEntryRoute(toRouteTarget(target));
}

function isRegistrationRoute(meta: RouteMeta): boolean {
  return meta.name.startsWith('Register');
}

function toRouteTarget({ meta, params, search, hash }: GuardTarget): RouteTarget {
  return {
    name: meta.name,
    params,
    query: Object.fromEntries(new URLSearchParams(search)),
    hash,
  };
}
