import { describe, expect, it } from 'vitest';
import { routeHref } from './route-href.ts';

describe('routeHref', () => {
  it('builds top-level and child routes from their names', () => {
    expect(routeHref({ name: 'DashboardPage' })).toBe('/dashboard');
    expect(routeHref({ name: 'RegisterCompanyPage' })).toBe('/register/company');
    expect(routeHref({ name: 'LoginPage' })).toBe('/');
  });

  it('fills params and appends the query and hash', () => {
    expect(
      routeHref({
        name: 'UserTransactionsPage',
        params: { id: 'a/b' },
        query: { page: '2' },
        hash: 'latest',
      }),
    ).toBe('/user/details/a%2Fb/transactions?page=2#latest');
  });

  it('sends the catch-all to a path outside the table', () => {
    expect(routeHref({ name: 'PageNotFound' })).toBe('/not-found');
  });

  it('refuses a missing param', () => {
    expect(() => routeHref({ name: 'UserOverviewPage' })).toThrow('needs the param id');
  });
});
