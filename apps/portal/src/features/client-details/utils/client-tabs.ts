import type { AppConfig } from '@waratah/contracts';
import { paths } from '../../../config/paths.ts';
import { type RouteName, routes } from '../../../config/routes.ts';
import { isFeatureEnabled } from '../../../lib/app-config/is-feature-enabled.ts';

export type ClientTabKey =
  | 'overview'
  | 'accounts'
  | 'transactions'
  | 'goals'
  | 'addGoal'
  | 'financialPassport';

export interface ClientTab {
  key: ClientTabKey;
  href: string;
}

const { userDetails } = paths;
/**
 * The portal's own tab order. Spec §2 lists these pages as children of /user/details/{id} (accounts
 * last) but names no order for the tabs; this one puts Accounts after the overview.
 */
const tabs: readonly { key: ClientTabKey; route: RouteName; getHref: (id: string) => string }[] = [
  { key: 'overview', route: 'UserOverviewPage', getHref: userDetails.overview.getHref },
  { key: 'accounts', route: 'UserAccountsPage', getHref: userDetails.accounts.getHref },
  { key: 'transactions', route: 'UserTransactionsPage', getHref: userDetails.transactions.getHref },
  { key: 'goals', route: 'UserGoalsPage', getHref: userDetails.goals.getHref },
  { key: 'addGoal', route: 'UserAddGoalPage', getHref: userDetails.addGoal.getHref },
  {
    key: 'financialPassport',
    route: 'UserFinancialPassportPage',
    getHref: userDetails.financialPassport.getHref,
  },
];

const userDetailsChildren = routes.find((route) => route.meta.name === 'UserDetailsPage')?.children ?? [];

/** The route table's feature key for a page, so a tab hides exactly when its page would be refused (spec §4). */
function featureKeyOf(route: RouteName) {
  return userDetailsChildren.find((child) => child.meta.name === route)?.meta.featureKey;
}

/** The client's pages the adviser may open, in the tab order above, each with its link. */
export function clientTabs(clientId: number, appConfig: AppConfig | null | undefined): ClientTab[] {
  return tabs
    .filter(({ route }) => {
      const featureKey = featureKeyOf(route);
      return featureKey === undefined || isFeatureEnabled(appConfig, featureKey);
    })
    .map(({ key, getHref }) => ({ key, href: getHref(String(clientId)) }));
}
