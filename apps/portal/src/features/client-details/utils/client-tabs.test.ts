import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../../testing/build-app-config.ts';
import { clientTabs } from './client-tabs.ts';

describe('clientTabs', () => {
  it('lists every client page with its link when every feature is on', () => {
    const appConfig = buildAppConfig({
      features: { view_transactions: true, view_goals: true, goals: true },
    });
    expect(clientTabs(7, appConfig)).toEqual([
      { key: 'overview', href: '/user/details/7/overview' },
      { key: 'accounts', href: '/user/details/7/accounts' },
      { key: 'transactions', href: '/user/details/7/transactions' },
      { key: 'goals', href: '/user/details/7/goals' },
      { key: 'addGoal', href: '/user/details/7/add-goal' },
      { key: 'financialPassport', href: '/user/details/7/financial-passport' },
    ]);
  });

  it('hides each page whose feature key is off', () => {
    const appConfig = buildAppConfig({
      features: { view_transactions: false, view_goals: false, goals: false },
    });
    expect(clientTabs(7, appConfig).map(({ key }) => key)).toEqual([
      'overview',
      'accounts',
      'financialPassport',
    ]);
  });

  it('keeps only the pages without a feature key when there is no app config', () => {
    expect(clientTabs(7, null).map(({ key }) => key)).toEqual(['overview', 'accounts', 'financialPassport']);
  });
});
