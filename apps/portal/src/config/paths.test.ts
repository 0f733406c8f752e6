import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it('builds the top-level URLs of spec §2', () => {
    expect(paths.login.getHref()).toBe('/');
    expect(paths.dashboard.getHref()).toBe('/dashboard');
    expect(paths.authCallback.getHref()).toBe('/auth-callback');
    expect(paths.error.getHref()).toBe('/error');
    expect(paths.unverified.getHref()).toBe('/unverified');
    expect(paths.disabled.getHref()).toBe('/disabled');
    expect(paths.resetPassword.getHref()).toBe('/reset-password');
    expect(paths.resendResetPassword.getHref()).toBe('/resend-reset-password');
    expect(paths.register.root.getHref()).toBe('/register');
    expect(paths.register.company.getHref()).toBe('/register/company');
  });

  it("builds a client's pages from the id, encoded", () => {
    expect(paths.userDetails.root.getHref('42')).toBe('/user/details/42');
    expect(paths.userDetails.overview.getHref('42')).toBe('/user/details/42/overview');
    expect(paths.userDetails.addGoal.getHref('42')).toBe('/user/details/42/add-goal');
    expect(paths.userDetails.financialPassport.getHref('a/b')).toBe('/user/details/a%2Fb/financial-passport');
  });

  it('carries the set-password token in the query', () => {
    expect(paths.setPassword.getHref({ reset_password_token: 'abc' })).toBe(
      '/set-password?reset_password_token=abc',
    );
    expect(paths.setPassword.getHref({ invitation_token: 'x y' })).toBe('/set-password?invitation_token=x+y');
  });

  it('keeps child paths relative for the router', () => {
    expect(paths.userDetails.transactions.path).toBe('transactions');
    expect(paths.register.profile.path).toBe('profile');
  });
});
