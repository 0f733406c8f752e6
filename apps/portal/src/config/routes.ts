import type { FeatureKey } from '@waratah/contracts';
import { paths } from './paths.ts';

export type RouteLayout = 'main-nav' | 'sidebar' | 'none';

export type RouteName =
  | 'AuthCallback'
  | 'ErrorPage'
  | 'LoginPage'
  | 'DashboardPage'
  | 'UserDetailsPage'
  | 'UserOverviewPage'
  | 'UserTransactionsPage'
  | 'UserGoalsPage'
  | 'UserAddGoalPage'
  | 'UserFinancialPassportPage'
  | 'UserAccountsPage'
  | 'Register'
  | 'RegisterProfilePage'
  | 'RegisterVerifyPage'
  | 'RegisterPasswordPage'
  | 'RegisterCompanyPage'
  | 'RegisterCredentialsPage'
  | 'RegisterCompletePage'
  | 'UnverifiedPage'
  | 'DisabledPage'
  | 'SetPasswordPage'
  | 'ResetPasswordPage'
  | 'ResendResetPasswordPage'
  | 'PageNotFound';

/** What the route guard (spec §4) and the layouts read from a route. */
export interface RouteMeta {
  name: RouteName;
  /** Shown as '{title} - {tenant} Adviser Portal'; a route without one keeps the previous title. */
  title?: string;
  auth: boolean;
  accountStatus?: 'enabled';
  featureKey?: FeatureKey;
  registrationIncomplete?: boolean;
  layout: RouteLayout;
  /** With the external sign-in provider enabled, entering the route starts the provider's login or registration. */
  withProvider?: 'login' | 'register';
  /** The route needs at least one of these query parameters, otherwise it goes to the login page. */
  requiredQueryParams?: readonly string[];
}

export interface RouteDefinition {
  path: string;
  meta: RouteMeta;
  /** Entering the route itself goes to this child. */
  redirectTo?: RouteName;
  children?: readonly RouteDefinition[];
}

/** What each router entry carries for the guard and the layouts. */
export type RouteHandle = Pick<RouteDefinition, 'meta' | 'redirectTo'>;

const signedInEnabled = { auth: true, accountStatus: 'enabled', layout: 'main-nav' } as const;
const registration = { featureKey: 'ta_register', layout: 'sidebar' } as const;
const signedOutRegistration = { ...registration, auth: false, withProvider: 'register' } as const;
const signedInRegistration = { ...registration, auth: true, registrationIncomplete: true } as const;
const { userDetails, register } = paths;

/** The route table of spec §2, in its order; the catch-all comes last. */
export const routes: readonly RouteDefinition[] = [
  // Signed in by the time the provider sends the visitor back, so the guard loads the provider's user.
  { path: paths.authCallback.path, meta: { name: 'AuthCallback', auth: true, layout: 'none' } },
  {
    path: paths.error.path,
    meta: { name: 'ErrorPage', title: 'We ran into an issue', auth: false, layout: 'sidebar' },
  },
  {
    path: paths.login.path,
    meta: { name: 'LoginPage', title: 'Sign in', auth: false, layout: 'sidebar', withProvider: 'login' },
  },
  { path: paths.dashboard.path, meta: { name: 'DashboardPage', title: 'Dashboard', ...signedInEnabled } },
  {
    path: userDetails.root.path,
    meta: { name: 'UserDetailsPage', ...signedInEnabled },
    redirectTo: 'UserOverviewPage',
    children: [
      {
        path: userDetails.overview.path,
        meta: { name: 'UserOverviewPage', title: 'Overview', ...signedInEnabled },
      },
      {
        path: userDetails.transactions.path,
        meta: {
          name: 'UserTransactionsPage',
          title: 'Transactions',
          featureKey: 'view_transactions',
          ...signedInEnabled,
        },
      },
      {
        path: userDetails.goals.path,
        meta: { name: 'UserGoalsPage', title: 'Goals', featureKey: 'view_goals', ...signedInEnabled },
      },
      {
        path: userDetails.addGoal.path,
        meta: { name: 'UserAddGoalPage', title: 'Add goal', featureKey: 'goals', ...signedInEnabled },
      },
      {
        path: userDetails.financialPassport.path,
        meta: { name: 'UserFinancialPassportPage', title: 'Financial Passport', ...signedInEnabled },
      },
      {
        path: userDetails.accounts.path,
        meta: { name: 'UserAccountsPage', title: 'Accounts', ...signedInEnabled },
      },
    ],
  },
  {
    path: register.root.path,
    meta: { name: 'Register', auth: false, ...registration },
    redirectTo: 'RegisterProfilePage',
    children: [
      {
        path: register.profile.path,
        meta: { name: 'RegisterProfilePage', title: 'Register Profile', ...signedOutRegistration },
      },
      {
        path: register.verify.path,
        meta: { name: 'RegisterVerifyPage', title: 'Verify Email', ...signedOutRegistration },
      },
      {
        path: register.password.path,
        meta: { name: 'RegisterPasswordPage', title: 'Create a password', ...signedOutRegistration },
      },
      {
        path: register.company.path,
        meta: { name: 'RegisterCompanyPage', title: 'Tell us about your business', ...signedInRegistration },
      },
      {
        path: register.credentials.path,
        meta: {
          name: 'RegisterCredentialsPage',
          title: 'Your professional credentials',
          ...signedInRegistration,
        },
      },
      {
        path: register.complete.path,
        meta: { name: 'RegisterCompletePage', title: 'Registration Complete', ...signedInRegistration },
      },
    ],
  },
  {
    path: paths.unverified.path,
    meta: { name: 'UnverifiedPage', title: 'Application in review', auth: true, layout: 'sidebar' },
  },
  {
    path: paths.disabled.path,
    meta: { name: 'DisabledPage', title: 'Could not verify application', auth: true, layout: 'sidebar' },
  },
  {
    path: paths.setPassword.path,
    meta: {
      name: 'SetPasswordPage',
      auth: false,
      layout: 'sidebar',
      requiredQueryParams: ['reset_password_token', 'invitation_token'],
    },
  },
  { path: paths.resetPassword.path, meta: { name: 'ResetPasswordPage', auth: false, layout: 'sidebar' } },
  {
    path: paths.resendResetPassword.path,
    meta: { name: 'ResendResetPasswordPage', auth: false, layout: 'sidebar' },
  },
  {
    path: paths.notFound.path,
    meta: { name: 'PageNotFound', title: 'Not Found', auth: false, layout: 'sidebar' },
  },
];
