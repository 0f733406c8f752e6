import { paths } from '../../../config/paths.ts';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { AddGoalPage } from '../../../features/goals/components/add-goal-page.tsx';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { isFeatureEnabled } from '../../../lib/app-config/is-feature-enabled.ts';

/**
 * Spec §2 'Add goal' (feature goals) in the client frame; back to the goals list when done, or to
 * the overview when the goals list is off (view_goals), as its page would be 'Not Found'.
 */
export default function UserAddGoalRoute() {
  const clientId = useClientId();
  const { data: appConfig } = useAppConfig();
  if (clientId === null) return null;
  const id = String(clientId);
  const backHref = isFeatureEnabled(appConfig, 'view_goals')
    ? paths.userDetails.goals.getHref(id)
    : paths.userDetails.overview.getHref(id);
  return <AddGoalPage clientId={clientId} backHref={backHref} />;
}
