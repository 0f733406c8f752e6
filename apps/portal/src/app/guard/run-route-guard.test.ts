import type { AppConfig } from '@waratah/contracts';
import { tenants } from '@waratah/tenants';
import { describe, expect, it, vi } from 'vitest';
import { type RouteDefinition, type RouteName, routes } from '../../config/routes.ts';
import { createAppStore, type ExternalParty, type UserDetails } from '../../lib/app-state.tsx';
import { createRouteStorage } from '../../lib/route-storage.ts';
import { buildAppConfig } from '../../testing/build-app-config.ts';
import type { GuardTarget, RouteGuardDependencies } from './route-guard-types.ts';
import { APP_CONFIG_WAIT_MS, FEATURE_CONFIG_WAIT_MS, runRouteGuard } from './run-route-guard.ts';

function definition(name: RouteName, table: readonly RouteDefinition[] = routes): RouteDefinition {
  for (const route of table) {
    if (route.meta.name === name) return route;
    const child = route.children && definitionOrNull(name, route.children);
    if (child) return child;
  }
  throw new Error(`No route ${name}`);
}

function definitionOrNull(name: RouteName, table: readonly RouteDefinition[]): RouteDefinition | null {
  try {
    return definition(name, table);
  } catch {
    return null;
  }
}

function target(name: RouteName, overrides: Partial<GuardTarget> = {}): GuardTarget {
  const { meta, redirectTo } = definition(name);
  return { meta, redirectTo, params: {}, search: '', hash: '', ...overrides };
}

const enabledParty: ExternalParty = { id: 'p1', status: 'enabled' };
const adviser = (party: ExternalParty | null = enabledParty): UserDetails => ({
  id: 'u1',
  given_name: 'Ada',
  family_name: 'Lee',
  external_party: party,
});

function dependencies(overrides: Partial<RouteGuardDependencies> = {}) {
  const moneypartner = tenants.moneypartner;
  const appStore = createAppStore({
    tenant: 'moneypartner',
    tenantConfig: moneypartner,
    environment: 'production',
    envConfig: moneypartner.envConfig.production ?? expect.fail('production'),
    appConfig: null,
    userDetails: null,
    authProviderUser: null,
  });
  const deps = {
    providerEnabled: false,
    isSignedIn: vi.fn(() => true),
    sessionSettled: vi.fn(async () => undefined),
    providerReturnedSignedOut: vi.fn(() => false),
    providerJustReturned: vi.fn(() => false),
    setTitle: vi.fn(),
    appStore,
    routeStorage: createRouteStorage(window.localStorage),
    fetchUserInfo: vi.fn(async () => ({
      roles: ['adviser'],
      sub: 'u1',
      given_name: 'Ada',
      family_name: 'Lee',
    })),
    fetchPartyDetails: vi.fn(async (): Promise<ExternalParty | null> => enabledParty),
    fetchAdminUserDetails: vi.fn(async () => adviser()),
    loadAppConfig: vi.fn(async () => buildAppConfig()),
    identifyGuidance: vi.fn(),
    ...overrides,
  } satisfies RouteGuardDependencies;
  return deps;
}

const provider = (overrides: Partial<RouteGuardDependencies> = {}) =>
  dependencies({ providerEnabled: true, ...overrides });

describe('runRouteGuard: 1. title', () => {
  it("sets the page's title, or leaves it for a page without one", async () => {
    const setTitle = vi.fn();
    const deps = dependencies({ setTitle });
    await runRouteGuard(target('ErrorPage'), deps);
    await runRouteGuard(target('ResetPasswordPage'), deps);

    expect(setTitle.mock.calls).toEqual([['We ran into an issue'], [undefined]]);
  });
});

describe('runRouteGuard: 2. sign-in', () => {
  it('with the provider, saves the intended route of a signed-out visitor and starts its login', async () => {
    const deps = provider({ isSignedIn: () => false });
    const goals = target('UserGoalsPage', { params: { id: '7' }, search: '?page=2', hash: '#top' });

    await expect(runRouteGuard(goals, deps)).resolves.toEqual({ type: 'start-provider-login' });
    expect(deps.routeStorage.takeEntryRoute()).toEqual({
      name: 'UserGoalsPage',
      params: { id: '7' },
      query: { page: '2' },
      hash: '#top',
    });
  });

  it('without the provider, saves the intended route of a signed-out visitor and goes to LoginPage', async () => {
    const deps = dependencies({ isSignedIn: () => false });

    await expect(runRouteGuard(target('DashboardPage'), deps)).resolves.toEqual({
      type: 'redirect',
      to: { name: 'LoginPage' },
    });
    expect(deps.routeStorage.takeEntryRoute()).toMatchObject({ name: 'DashboardPage' });
    expect(deps.fetchAdminUserDetails).not.toHaveBeenCalled();
  });

  it('waits for a renewal of the session under way before it sends the visitor to sign in', async () => {
    let signedIn = false;
    const deps = dependencies({
      isSignedIn: () => signedIn,
      sessionSettled: async () => {
        signedIn = true;
      },
    });

    await expect(runRouteGuard(target('DashboardPage'), deps)).resolves.toEqual({ type: 'allow' });
    expect(deps.routeStorage.takeEntryRoute()).toBeNull();
  });

  it('does not save the page an adviser signed out of on purpose', async () => {
    const deps = dependencies({ isSignedIn: () => false });

    await expect(runRouteGuard(target('DashboardPage', { signedOutHere: true }), deps)).resolves.toEqual({
      type: 'redirect',
      to: { name: 'LoginPage' },
    });
    expect(deps.routeStorage.takeEntryRoute()).toBeNull();
  });

  it('with the provider, stores the user info and the external-party details of a signed-in visitor', async () => {
    const deps = provider();

    await expect(runRouteGuard(target('DashboardPage'), deps)).resolves.toEqual({ type: 'allow' });
    expect(deps.appStore.getState().authProviderUser).toMatchObject({ roles: ['adviser'] });
    expect(deps.appStore.getState().userDetails).toEqual({
      id: 'u1',
      given_name: 'Ada',
      family_name: 'Lee',
      external_party: enabledParty,
    });
    expect(deps.fetchAdminUserDetails).not.toHaveBeenCalled();
  });

  it('loads no external-party details on the auth callback', async () => {
    const deps = provider();

    await expect(runRouteGuard(target('AuthCallback'), deps)).resolves.toEqual({ type: 'allow' });
    expect(deps.fetchUserInfo).toHaveBeenCalledOnce();
    expect(deps.fetchPartyDetails).not.toHaveBeenCalled();
  });

  it('never saves the auth callback as the route to come back to', async () => {
    const signedOut = provider({ isSignedIn: () => false });
    const failing = provider({ fetchUserInfo: vi.fn().mockRejectedValue(new Error('401')) });

    for (const deps of [signedOut, failing]) {
      await expect(runRouteGuard(target('AuthCallback'), deps)).resolves.toEqual({
        type: 'start-provider-login',
      });
      expect(deps.routeStorage.takeEntryRoute()).toBeNull();
    }
  });

  it('shows the error page, not the login again, when the provider has just sent a visitor back signed out', async () => {
    const deps = provider({ isSignedIn: () => false, providerReturnedSignedOut: vi.fn(() => true) });
    deps.routeStorage.saveEntryRoute({ name: 'UserGoalsPage', params: { id: '7' }, query: {}, hash: '' });

    await expect(runRouteGuard(target('AuthCallback'), deps)).resolves.toEqual({
      type: 'redirect',
      to: { name: 'ErrorPage' },
    });
    // The route the visitor asked for is kept for when the sign-in works.
    expect(deps.routeStorage.takeEntryRoute()).toMatchObject({ name: 'UserGoalsPage' });
    // Asked only on the way back: elsewhere a signed-out visitor is sent to the provider as before.
    await expect(runRouteGuard(target('DashboardPage'), deps)).resolves.toEqual({
      type: 'start-provider-login',
    });
    expect(deps.providerReturnedSignedOut).toHaveBeenCalledOnce();
  });

  it('goes to a saved return route on a registration-incomplete route', async () => {
    const deps = dependencies();
    deps.routeStorage.savePostLoginRoute({ name: 'RegisterCredentialsPage' });

    await expect(runRouteGuard(target('RegisterCompletePage'), deps)).resolves.toEqual({
      type: 'redirect',
      to: { name: 'RegisterCredentialsPage' },
    });
    expect(deps.routeStorage.hasPostLoginRoute()).toBe(false);
  });

  it('discards a saved RegisterCompanyPage and goes to the dashboard instead', async () => {
    const deps = provider({ fetchPartyDetails: async () => null });
    deps.appStore.setState({ appConfig: buildAppConfig({ features: { ta_register: true } }) });
    deps.routeStorage.savePostLoginRoute({ name: 'RegisterCompanyPage' });

    await expect(runRouteGuard(target('RegisterCompanyPage'), deps)).resolves.toEqual({
      type: 'redirect',
      to: { name: 'DashboardPage' },
    });
    expect(deps.routeStorage.hasPostLoginRoute()).toBe(false);
    await expect(runRouteGuard(target('RegisterCompanyPage'), deps)).resolves.toEqual({ type: 'allow' });
  });

  it('ignores the saved return route on a route not flagged registration-incomplete', async () => {
    const deps = dependencies();
    deps.routeStorage.savePostLoginRoute({ name: 'RegisterCredentialsPage' });

    await expect(runRouteGuard(target('DashboardPage'), deps)).resolves.toEqual({ type: 'allow' });
    expect(deps.routeStorage.hasPostLoginRoute()).toBe(true);
  });

  it('without the provider, loads and stores the admin user details', async () => {
    const deps = dependencies();

    await expect(runRouteGuard(target('DashboardPage'), deps)).resolves.toEqual({ type: 'allow' });
    expect(deps.appStore.getState().userDetails).toEqual(adviser());
    expect(deps.fetchUserInfo).not.toHaveBeenCalled();
  });

  it('goes to LoginPage when the admin user details fail', async () => {
    const deps = dependencies({ fetchAdminUserDetails: vi.fn().mockRejectedValue(new Error('401')) });

    await expect(runRouteGuard(target('DashboardPage'), deps)).resolves.toEqual({
      type: 'redirect',
      to: { name: 'LoginPage' },
    });
  });

  it('with the provider, a failure on a non-registration route saves the route and starts login', async () => {
    const deps = provider({ fetchPartyDetails: vi.fn().mockRejectedValue(new Error('500')) });

    await expect(runRouteGuard(target('UnverifiedPage'), deps)).resolves.toEqual({
      type: 'start-provider-login',
    });
    expect(deps.routeStorage.takeEntryRoute()).toMatchObject({ name: 'UnverifiedPage' });
  });

  it('with the provider, a failure just after the provider sent the visitor back shows the error page, not the login again', async () => {
    // The provider's session is open: its login would come straight back to the same failure.
    const failingParty = provider({
      fetchPartyDetails: vi.fn().mockRejectedValue(new Error('502')),
      providerJustReturned: vi.fn(() => true),
    });
    await expect(
      runRouteGuard(target('UserGoalsPage', { params: { id: '7' } }), failingParty),
    ).resolves.toEqual({ type: 'redirect', to: { name: 'ErrorPage' } });
    // The page is kept for the next sign-in, as on a failure that starts the login.
    expect(failingParty.routeStorage.takeEntryRoute()).toMatchObject({
      name: 'UserGoalsPage',
      params: { id: '7' },
    });

    const failingUserInfo = provider({
      fetchUserInfo: vi.fn().mockRejectedValue(new Error('503')),
      providerJustReturned: vi.fn(() => true),
    });
    failingUserInfo.routeStorage.saveEntryRoute({ name: 'DashboardPage' });
    await expect(runRouteGuard(target('AuthCallback'), failingUserInfo)).resolves.toEqual({
      type: 'redirect',
      to: { name: 'ErrorPage' },
    });
    expect(failingUserInfo.routeStorage.takeEntryRoute()).toMatchObject({ name: 'DashboardPage' });
  });

  it('with the provider, a user-info failure on a registration route carries on', async () => {
    const deps = provider({ fetchUserInfo: vi.fn().mockRejectedValue(new Error('500')) });
    deps.appStore.setState({ appConfig: buildAppConfig({ features: { ta_register: true } }) });

    await expect(runRouteGuard(target('RegisterCredentialsPage'), deps)).resolves.toEqual({ type: 'allow' });
    expect(deps.routeStorage.takeEntryRoute()).toBeNull();
  });
});

describe('runRouteGuard: 3. in-product guidance', () => {
  it('identifies the signed-in user when appcues is on', async () => {
    const deps = dependencies({ loadAppConfig: async () => buildAppConfig({ features: { appcues: true } }) });

    await runRouteGuard(target('DashboardPage'), deps);

    await vi.waitFor(() => expect(deps.identifyGuidance).toHaveBeenCalledWith(adviser()));
  });

  it('identifies at once with a stored app config, without asking for it', async () => {
    const deps = dependencies();
    deps.appStore.setState({ appConfig: buildAppConfig({ features: { appcues: true } }) });

    await runRouteGuard(target('DashboardPage'), deps);

    expect(deps.identifyGuidance).toHaveBeenCalledWith(adviser());
    expect(deps.loadAppConfig).not.toHaveBeenCalled();
  });

  it('lets a signed-in page in when the app config never answers: guidance never holds it back', async () => {
    vi.useFakeTimers();
    try {
      const deps = dependencies({ loadAppConfig: vi.fn(() => new Promise<AppConfig>(() => undefined)) });
      let decided = false;
      const decision = runRouteGuard(target('DashboardPage'), deps).finally(() => (decided = true));

      // The page waits for the config at most APP_CONFIG_WAIT_MS (see below), not for ever.
      await vi.advanceTimersByTimeAsync(APP_CONFIG_WAIT_MS);
      expect(decided).toBe(true);
      await expect(decision).resolves.toEqual({ type: 'allow' });
      expect(deps.identifyGuidance).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('identifies nobody when appcues is off, the config fails or the user has no id', async () => {
    const off = dependencies();
    const failing = dependencies({ loadAppConfig: vi.fn().mockRejectedValue(new Error('down')) });
    const noId = dependencies({
      fetchAdminUserDetails: async () => ({ ...adviser(), id: '' }),
      loadAppConfig: async () => buildAppConfig({ features: { appcues: true } }),
    });

    for (const deps of [off, failing, noId]) {
      await runRouteGuard(target('DashboardPage'), deps);
      expect(deps.identifyGuidance).not.toHaveBeenCalled();
    }
  });
});

describe('runRouteGuard: 4. account status', () => {
  it.each([
    [null, 'RegisterCompanyPage'],
    [{ id: 'p', status: 'disabled' }, 'DisabledPage'],
    [{ id: 'p', status: 'unverified' }, 'UnverifiedPage'],
    [{ id: 'p', status: 'suspended' }, 'DisabledPage'],
  ] as const)('sends a party %j to %s', async (party, page) => {
    const deps = dependencies({ fetchAdminUserDetails: async () => adviser(party) });

    await expect(runRouteGuard(target('DashboardPage'), deps)).resolves.toEqual({
      type: 'redirect',
      to: { name: page },
    });
  });

  it('lets an enabled party in, and does not check routes without the requirement', async () => {
    const deps = dependencies({
      fetchAdminUserDetails: async () => adviser({ id: 'p', status: 'unverified' }),
    });

    await expect(runRouteGuard(target('UnverifiedPage'), deps)).resolves.toEqual({ type: 'allow' });
    await expect(
      runRouteGuard(target('UserAccountsPage', { params: { id: '1' } }), dependencies()),
    ).resolves.toEqual({ type: 'allow' });
  });
});

describe('runRouteGuard: 5. feature', () => {
  it('loads the app config when none is stored and lets an enabled feature in', async () => {
    const deps = dependencies({
      loadAppConfig: vi.fn(async () => buildAppConfig({ features: { view_transactions: true } })),
    });

    await expect(
      runRouteGuard(target('UserTransactionsPage', { params: { id: '1' } }), deps),
    ).resolves.toEqual({ type: 'allow' });
    expect(deps.loadAppConfig).toHaveBeenCalled();
  });

  it('uses the stored app config without loading it', async () => {
    const deps = dependencies();
    deps.appStore.setState({ appConfig: buildAppConfig({ features: { goals: true } }) });

    await expect(runRouteGuard(target('UserAddGoalPage', { params: { id: '1' } }), deps)).resolves.toEqual({
      type: 'allow',
    });
    expect(deps.loadAppConfig).not.toHaveBeenCalled();
  });

  it('goes to PageNotFound when the feature is off or the config fails', async () => {
    const notFound = { type: 'redirect', to: { name: 'PageNotFound' } };
    const failing = dependencies({ loadAppConfig: vi.fn().mockRejectedValue(new Error('down')) });

    await expect(
      runRouteGuard(target('UserGoalsPage', { params: { id: '1' } }), dependencies()),
    ).resolves.toEqual(notFound);
    await expect(runRouteGuard(target('UserGoalsPage', { params: { id: '1' } }), failing)).resolves.toEqual(
      notFound,
    );
  });
});

describe('runRouteGuard: 5. feature, with an app config that is slow or never answers', () => {
  const notFound = { type: 'redirect', to: { name: 'PageNotFound' } };
  const never = () => vi.fn(() => new Promise<AppConfig>(() => undefined));

  it('goes to PageNotFound once FEATURE_CONFIG_WAIT_MS has passed, not the spinner for good', async () => {
    vi.useFakeTimers();
    try {
      const deps = dependencies({ loadAppConfig: never() });
      let decided = false;
      const decision = runRouteGuard(target('UserTransactionsPage', { params: { id: '1' } }), deps).finally(
        () => (decided = true),
      );

      await vi.advanceTimersByTimeAsync(FEATURE_CONFIG_WAIT_MS - 1);
      expect(decided).toBe(false);
      // Before 2026-12-03 the guard waited for the config without a limit: decided never.
      await vi.advanceTimersByTimeAsync(1);
      expect(decided).toBe(true);
      await expect(decision).resolves.toEqual(notFound);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the page in when its feature’s config comes after the layouts’ wait but within its own', async () => {
    vi.useFakeTimers();
    try {
      const deps = dependencies();
      // Stored once it comes, as the running portal's query does.
      deps.loadAppConfig = vi.fn(
        () =>
          new Promise<AppConfig>((resolve) =>
            setTimeout(() => {
              const appConfig = buildAppConfig({ features: { view_goals: true } });
              deps.appStore.setState({ appConfig });
              resolve(appConfig);
            }, FEATURE_CONFIG_WAIT_MS - 1_000),
          ),
      );
      expect(FEATURE_CONFIG_WAIT_MS - 1_000).toBeGreaterThan(APP_CONFIG_WAIT_MS);
      const decision = runRouteGuard(target('UserGoalsPage', { params: { id: '1' } }), deps);

      await vi.advanceTimersByTimeAsync(FEATURE_CONFIG_WAIT_MS - 1_000);
      await expect(decision).resolves.toEqual({ type: 'allow' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('with the provider, shows a registration step not found, never its registration, when the config never answers', async () => {
    vi.useFakeTimers();
    try {
      const deps = provider({ isSignedIn: () => false, loadAppConfig: never() });
      let decided = false;
      const decision = runRouteGuard(target('RegisterProfilePage'), deps).finally(() => (decided = true));

      await vi.advanceTimersByTimeAsync(FEATURE_CONFIG_WAIT_MS);
      expect(decided).toBe(true);
      await expect(decision).resolves.toEqual(notFound);
      expect(deps.routeStorage.hasPostLoginRoute()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('runRouteGuard: a page shows with its app config', () => {
  it('lets a page in only once the app config has come, so that nothing moves in after it', async () => {
    let answer: (config: AppConfig) => void = () => undefined;
    const loadAppConfig = vi.fn(() => new Promise<AppConfig>((resolve) => (answer = resolve)));
    const deps = dependencies({ isSignedIn: () => false, loadAppConfig });
    let decided = false;
    const decision = runRouteGuard(target('LoginPage'), deps).finally(() => (decided = true));

    await vi.waitFor(() => expect(loadAppConfig).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(decided).toBe(false);
    answer(buildAppConfig());
    await expect(decision).resolves.toEqual({ type: 'allow' });
  });

  it('shows the page without it when it fails, and uses a stored one without asking', async () => {
    const failing = dependencies({ loadAppConfig: vi.fn().mockRejectedValue(new Error('down')) });
    await expect(runRouteGuard(target('ResetPasswordPage'), failing)).resolves.toEqual({ type: 'allow' });
    expect(failing.loadAppConfig).toHaveBeenCalledTimes(1);

    const stored = dependencies();
    stored.appStore.setState({ appConfig: buildAppConfig() });
    await expect(runRouteGuard(target('DashboardPage'), stored)).resolves.toEqual({ type: 'allow' });
    expect(stored.loadAppConfig).not.toHaveBeenCalled();
  });

  it('stops waiting for a config that has not come after APP_CONFIG_WAIT_MS', async () => {
    vi.useFakeTimers();
    try {
      const deps = dependencies({ loadAppConfig: vi.fn(() => new Promise<AppConfig>(() => undefined)) });
      let decided = false;
      const decision = runRouteGuard(target('ResetPasswordPage'), deps).finally(() => (decided = true));

      await vi.advanceTimersByTimeAsync(APP_CONFIG_WAIT_MS - 1);
      expect(decided).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(decision).resolves.toEqual({ type: 'allow' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not wait for it before sending the visitor elsewhere', async () => {
    const deps = dependencies({ isSignedIn: () => false });

    await expect(runRouteGuard(target('DashboardPage'), deps)).resolves.toMatchObject({ type: 'redirect' });
    expect(deps.loadAppConfig).not.toHaveBeenCalled();
  });
});

describe('runRouteGuard: the routes with rules of their own', () => {
  it('sends /set-password without reset_password_token or invitation_token to login', async () => {
    const deps = dependencies({ isSignedIn: () => false });
    const login = { type: 'redirect', to: { name: 'LoginPage' } };

    await expect(runRouteGuard(target('SetPasswordPage'), deps)).resolves.toEqual(login);
    await expect(runRouteGuard(target('SetPasswordPage', { search: '?other=1' }), deps)).resolves.toEqual(
      login,
    );
    for (const search of ['?reset_password_token=abc', '?invitation_token=xyz']) {
      await expect(runRouteGuard(target('SetPasswordPage', { search }), deps)).resolves.toEqual({
        type: 'allow',
      });
    }
  });

  it('sends /user/details/{id} to its overview', async () => {
    await expect(
      runRouteGuard(target('UserDetailsPage', { params: { id: '42' } }), dependencies()),
    ).resolves.toEqual({
      type: 'redirect',
      to: { name: 'UserOverviewPage', params: { id: '42' } },
    });
  });

  it('lets /register in only with ta_register, and then on to the profile step', async () => {
    const off = dependencies({ isSignedIn: () => false });
    const on = dependencies({
      isSignedIn: () => false,
      loadAppConfig: async () => buildAppConfig({ features: { ta_register: true } }),
    });

    await expect(runRouteGuard(target('Register'), off)).resolves.toEqual({
      type: 'redirect',
      to: { name: 'PageNotFound' },
    });
    await expect(runRouteGuard(target('Register'), on)).resolves.toEqual({
      type: 'redirect',
      to: { name: 'RegisterProfilePage', params: {} },
    });
  });

  it('with the provider, starts its login from the login page, or goes to the dashboard when signed in', async () => {
    await expect(runRouteGuard(target('LoginPage'), provider({ isSignedIn: () => false }))).resolves.toEqual({
      type: 'start-provider-login',
    });
    await expect(runRouteGuard(target('LoginPage'), provider())).resolves.toEqual({
      type: 'redirect',
      to: { name: 'DashboardPage' },
    });
    await expect(
      runRouteGuard(target('LoginPage'), dependencies({ isSignedIn: () => false })),
    ).resolves.toEqual({
      type: 'allow',
    });
  });

  it("with the provider, the first registration steps remember 'company' and start its registration", async () => {
    for (const name of ['RegisterProfilePage', 'RegisterVerifyPage', 'RegisterPasswordPage'] as const) {
      const deps = provider({
        isSignedIn: () => false,
        loadAppConfig: async () => buildAppConfig({ features: { ta_register: true } }),
      });

      await expect(runRouteGuard(target(name), deps)).resolves.toEqual({ type: 'start-provider-register' });
      expect(deps.routeStorage.takePostLoginRoute()).toEqual({ name: 'RegisterCompanyPage' });
    }
  });

  it('with the provider and ta_register off or its config failing, the first registration steps are not found', async () => {
    const configs = [
      async () => buildAppConfig(),
      async (): Promise<AppConfig> => Promise.reject(new Error('down')),
    ];
    for (const name of ['RegisterProfilePage', 'RegisterVerifyPage', 'RegisterPasswordPage'] as const) {
      for (const loadAppConfig of configs) {
        const deps = provider({ isSignedIn: () => false, loadAppConfig });

        await expect(runRouteGuard(target(name), deps)).resolves.toEqual({
          type: 'redirect',
          to: { name: 'PageNotFound' },
        });
        expect(deps.routeStorage.hasPostLoginRoute()).toBe(false);
      }
    }
  });
});
