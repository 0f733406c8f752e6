/**
 * Every URL of the portal (spec §2). Components link with getHref, never with string literals;
 * nested entries' `path` is relative to their parent, as the router wants it.
 */
export const paths = {
  authCallback: { path: '/auth-callback', getHref: () => '/auth-callback' },
  error: { path: '/error', getHref: () => '/error' },
  login: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  userDetails: {
    root: { path: '/user/details/:id', getHref: (id: string) => userDetailsHref(id) },
    overview: { path: 'overview', getHref: (id: string) => userDetailsHref(id, 'overview') },
    transactions: { path: 'transactions', getHref: (id: string) => userDetailsHref(id, 'transactions') },
    goals: { path: 'goals', getHref: (id: string) => userDetailsHref(id, 'goals') },
    addGoal: { path: 'add-goal', getHref: (id: string) => userDetailsHref(id, 'add-goal') },
    financialPassport: {
      path: 'financial-passport',
      getHref: (id: string) => userDetailsHref(id, 'financial-passport'),
    },
    accounts: { path: 'accounts', getHref: (id: string) => userDetailsHref(id, 'accounts') },
  },
  register: {
    root: { path: '/register', getHref: () => '/register' },
    profile: { path: 'profile', getHref: () => '/register/profile' },
    verify: { path: 'verify', getHref: () => '/register/verify' },
    password: { path: 'password', getHref: () => '/register/password' },
    company: { path: 'company', getHref: () => '/register/company' },
    credentials: { path: 'credentials', getHref: () => '/register/credentials' },
    complete: { path: 'complete', getHref: () => '/register/complete' },
  },
  unverified: { path: '/unverified', getHref: () => '/unverified' },
  disabled: { path: '/disabled', getHref: () => '/disabled' },
  setPassword: {
    path: '/set-password',
    getHref: (token: SetPasswordToken) => `/set-password?${new URLSearchParams(token)}`,
  },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  resendResetPassword: { path: '/resend-reset-password', getHref: () => '/resend-reset-password' },
  notFound: { path: '*' },
} as const;

/** Set password runs in reset or invite mode, told apart by which token it carries (spec §2). */
export type SetPasswordToken = { reset_password_token: string } | { invitation_token: string };

function userDetailsHref(id: string, child?: string): string {
  const base = `/user/details/${encodeURIComponent(id)}`;
  return child ? `${base}/${child}` : base;
}
