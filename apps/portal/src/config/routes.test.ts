import { describe, expect, it } from 'vitest';
import { type RouteDefinition, routes } from './routes.ts';

function find(path: string, table: readonly RouteDefinition[] = routes): RouteDefinition {
  const route = table.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path}`);
  return route;
}

describe('the route table (spec §2)', () => {
  it('has every row, in order, with the exact page names and titles', () => {
    expect(routes.map(({ path, meta }) => [path, meta.name, meta.title])).toEqual([
      ['/auth-callback', 'AuthCallback', undefined],
      ['/error', 'ErrorPage', 'We ran into an issue'],
      ['/', 'LoginPage', 'Sign in'],
      ['/dashboard', 'DashboardPage', 'Dashboard'],
      ['/user/details/:id', 'UserDetailsPage', undefined],
      ['/register', 'Register', undefined],
      ['/unverified', 'UnverifiedPage', 'Application in review'],
      ['/disabled', 'DisabledPage', 'Could not verify application'],
      ['/set-password', 'SetPasswordPage', undefined],
      ['/reset-password', 'ResetPasswordPage', undefined],
      ['/resend-reset-password', 'ResendResetPasswordPage', undefined],
      ['*', 'PageNotFound', 'Not Found'],
    ]);
  });

  it('has the user details children, each needing sign-in, an enabled account and the main navigation', () => {
    const userDetails = find('/user/details/:id');

    expect(userDetails.redirectTo).toBe('UserOverviewPage');
    expect(
      userDetails.children?.map(({ path, meta }) => [path, meta.name, meta.title, meta.featureKey]),
    ).toEqual([
      ['overview', 'UserOverviewPage', 'Overview', undefined],
      ['transactions', 'UserTransactionsPage', 'Transactions', 'view_transactions'],
      ['goals', 'UserGoalsPage', 'Goals', 'view_goals'],
      ['add-goal', 'UserAddGoalPage', 'Add goal', 'goals'],
      ['financial-passport', 'UserFinancialPassportPage', 'Financial Passport', undefined],
      ['accounts', 'UserAccountsPage', 'Accounts', undefined],
    ]);
    for (const { meta } of [userDetails, ...(userDetails.children ?? [])]) {
      expect(meta).toMatchObject({ auth: true, accountStatus: 'enabled', layout: 'main-nav' });
    }
  });

  it('has the register children, all needing ta_register and the sidebar layout', () => {
    const register = find('/register');

    expect(register.redirectTo).toBe('RegisterProfilePage');
    expect(register.meta).toMatchObject({ featureKey: 'ta_register', layout: 'sidebar' });
    expect(
      register.children?.map(({ path, meta }) => [
        path,
        meta.title,
        meta.auth,
        meta.registrationIncomplete ?? false,
      ]),
    ).toEqual([
      ['profile', 'Register Profile', false, false],
      ['verify', 'Verify Email', false, false],
      ['password', 'Create a password', false, false],
      ['company', 'Tell us about your business', true, true],
      ['credentials', 'Your professional credentials', true, true],
      ['complete', 'Registration Complete', true, true],
    ]);
    for (const { meta } of register.children ?? []) {
      expect(meta).toMatchObject({ featureKey: 'ta_register', layout: 'sidebar' });
    }
  });

  it('starts the external provider from the login page and the signed-out registration steps', () => {
    const register = find('/register');

    expect(find('/').meta.withProvider).toBe('login');
    expect(
      register.children?.filter(({ meta }) => meta.withProvider === 'register').map(({ path }) => path),
    ).toEqual(['profile', 'verify', 'password']);
  });

  it('gives each page its access rule and layout', () => {
    expect(find('/').meta).toMatchObject({ auth: false, layout: 'sidebar' });
    expect(find('/error').meta).toMatchObject({ auth: false, layout: 'sidebar' });
    expect(find('/auth-callback').meta).toMatchObject({ auth: true, layout: 'none' });
    expect(find('/dashboard').meta).toMatchObject({
      auth: true,
      accountStatus: 'enabled',
      layout: 'main-nav',
    });
    expect(find('/unverified').meta).toMatchObject({ auth: true, layout: 'sidebar' });
    expect(find('/disabled').meta).toMatchObject({ auth: true, layout: 'sidebar' });
    expect(find('/unverified').meta.accountStatus).toBeUndefined();
    expect(find('/set-password').meta.requiredQueryParams).toEqual([
      'reset_password_token',
      'invitation_token',
    ]);
  });

  it('names every page once', () => {
    const names = routes.flatMap((route) => [
      route.meta.name,
      ...(route.children ?? []).map(({ meta }) => meta.name),
    ]);

    expect(new Set(names).size).toBe(names.length);
  });
});
