import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { isFeatureEnabled } from '../../../lib/app-config/is-feature-enabled.ts';
import { ClientDataError } from '../../../lib/client-pages/client-data-error.tsx';
import { dataToShow } from '../../../lib/client-pages/data-to-show.ts';
import { isClientGone } from '../../../lib/client-pages/is-client-gone.ts';
import { useClientAccounts } from '../../../lib/client-pages/list-client-accounts.ts';
import { useClientProviderAccounts } from '../../../lib/client-pages/list-client-provider-accounts.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useBudgetMonths } from '../api/get-budget-months.ts';
import { useCurrentGoals } from '../api/list-current-goals.ts';
import { monthCategories, monthlyCashFlow } from '../utils/cash-flow.ts';
import { completeMonths } from '../utils/sydney-months.ts';
import { AccountsByContainerList } from './accounts-by-container-list.tsx';
import { BudgetCategoriesList } from './budget-categories-list.tsx';
import { CashFlowCharts } from './cash-flow-charts.tsx';
import { GoalsSummary } from './goals-summary.tsx';
import { NetPositionFigures, netPositionFigureBox, netPositionGrid } from './net-position-card.tsx';
import { OverviewPanel, PanelEmpty, PanelError, PanelLoading } from './overview-panel.tsx';
import { RefreshStatusSummary } from './refresh-status-summary.tsx';

/** The months of the cash-flow and budget charts, the last complete ones. */
export const CHART_MONTHS = 6;
const linkClass =
  'rounded-sm text-link text-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2';

/** A client at a glance (spec §2 overview): position, accounts, cash flow, budget, goals and refresh status. */
export function ClientOverviewPage({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const range = useMemo(() => completeMonths(CHART_MONTHS, new Date()), []);
  const accounts = useClientAccounts(clientId);
  const providerAccounts = useClientProviderAccounts(clientId);
  const budget = useBudgetMonths(clientId, range);
  const goals = useCurrentGoals(clientId);
  // A panel keeps what it shows when a background refetch fails: its error shows only when there
  // is nothing to show (a failed first load) or the client is now out of reach.
  const shown = {
    accounts: dataToShow(accounts),
    providerAccounts: dataToShow(providerAccounts),
    budget: dataToShow(budget),
    goals: dataToShow(goals),
  };
  const { data: appConfig } = useAppConfig();
  const lastMonth = formatDate(range.to, { month: 'long', year: 'numeric' });
  const id = String(clientId);
  // The client out of reach (consent ended while the page was open) is said once for the page, not
  // by every panel: before 2026-12-03 each of the six panels showed its own "not available" card.
  const goneError = [accounts.error, providerAccounts.error, budget.error, goals.error].find(isClientGone);
  if (goneError !== undefined) return <ClientDataError error={goneError} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <OverviewPanel title={t('overview.netPosition.title')}>
            {accounts.isPending ? (
              // The figures' own grid and height, so nothing below moves when they arrive.
              <PanelLoading
                title={t('overview.netPosition.title')}
                rows={3}
                className={netPositionGrid}
                rowClassName={netPositionFigureBox}
              />
            ) : shown.accounts === undefined ? (
              <PanelError
                error={accounts.error}
                title={t('overview.errors.netPosition')}
                onRetry={() => void accounts.refetch()}
              />
            ) : (
              <NetPositionFigures accounts={shown.accounts} />
            )}
          </OverviewPanel>
          <OverviewPanel
            title={t('overview.cashFlow.title')}
            description={t('overview.cashFlow.description', { count: CHART_MONTHS })}
          >
            {budget.isPending ? (
              <PanelLoading title={t('overview.cashFlow.title')} rows={5} />
            ) : shown.budget === undefined ? (
              <PanelError
                error={budget.error}
                title={t('overview.errors.cashFlow')}
                onRetry={() => void budget.refetch()}
              />
            ) : (
              <CashFlowCharts months={monthlyCashFlow(shown.budget)} />
            )}
          </OverviewPanel>
          <OverviewPanel
            title={t('overview.budget.title')}
            description={t('overview.budget.description', { month: lastMonth })}
          >
            {budget.isPending ? (
              <PanelLoading title={t('overview.budget.title')} rows={5} />
            ) : shown.budget === undefined ? (
              <PanelError
                error={budget.error}
                title={t('overview.errors.budget')}
                onRetry={() => void budget.refetch()}
              />
            ) : monthCategories(shown.budget.at(-1)).length === 0 ? (
              <PanelEmpty>{t('overview.budget.empty', { month: lastMonth })}</PanelEmpty>
            ) : (
              <BudgetCategoriesList categories={monthCategories(shown.budget.at(-1))} />
            )}
          </OverviewPanel>
        </div>
        <div className="flex flex-col gap-6">
          <OverviewPanel title={t('overview.refresh.title')}>
            {providerAccounts.isPending ? (
              <PanelLoading title={t('overview.refresh.title')} />
            ) : shown.providerAccounts === undefined ? (
              <PanelError
                error={providerAccounts.error}
                title={t('overview.errors.refresh')}
                onRetry={() => void providerAccounts.refetch()}
              />
            ) : (
              <RefreshStatusSummary providerAccounts={shown.providerAccounts} />
            )}
          </OverviewPanel>
          <OverviewPanel
            title={t('overview.goals.title')}
            action={
              isFeatureEnabled(appConfig, 'view_goals') ? (
                <Link to={paths.userDetails.goals.getHref(id)} className={linkClass}>
                  {t('overview.goals.viewAll')}
                </Link>
              ) : null
            }
          >
            {goals.isPending ? (
              <PanelLoading title={t('overview.goals.title')} />
            ) : shown.goals === undefined ? (
              <PanelError
                error={goals.error}
                title={t('overview.errors.goals')}
                onRetry={() => void goals.refetch()}
              />
            ) : (
              <GoalsSummary goals={shown.goals} />
            )}
          </OverviewPanel>
        </div>
      </div>
      <OverviewPanel
        title={t('overview.containers.title')}
        action={
          <Link to={paths.userDetails.accounts.getHref(id)} className={linkClass}>
            {t('overview.containers.viewAll')}
          </Link>
        }
      >
        {accounts.isPending ? (
          <PanelLoading title={t('overview.containers.title')} rows={4} />
        ) : shown.accounts === undefined ? (
          <PanelError
            error={accounts.error}
            title={t('overview.errors.netPosition')}
            onRetry={() => void accounts.refetch()}
          />
        ) : (
          <AccountsByContainerList accounts={shown.accounts} />
        )}
      </OverviewPanel>
    </div>
  );
}
