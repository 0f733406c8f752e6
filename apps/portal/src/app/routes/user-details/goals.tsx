import { paths } from '../../../config/paths.ts';
import { prefetchClientPage } from '../../../features/client-details/api/prefetch-client-page.ts';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { goalsQueryOptions } from '../../../features/goals/api/list-goals.ts';
import { GoalsPage, readGoalFilter } from '../../../features/goals/components/goals-page.tsx';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { isFeatureEnabled } from '../../../lib/app-config/is-feature-enabled.ts';

/** Spec §2 'Goals' (feature view_goals) in the client frame; 'Add goal' only with the goals feature. */
export default function UserGoalsRoute() {
  const clientId = useClientId();
  const { data: appConfig } = useAppConfig();
  if (clientId === null) return null;
  const canAddGoal = isFeatureEnabled(appConfig, 'goals');
  return (
    <GoalsPage
      clientId={clientId}
      addGoalHref={canAddGoal ? paths.userDetails.addGoal.getHref(String(clientId)) : undefined}
    />
  );
}

/** The goals of the status group the URL names. */
export const prefetch = prefetchClientPage(({ queryClient, apiClient, search }, clientId) => {
  void queryClient.prefetchQuery(goalsQueryOptions(apiClient, clientId, readGoalFilter(search)));
});
