import { paths } from '../../../config/paths.ts';
import { useClientId } from '../../../features/client-details/hooks/use-client-id.ts';
import { AddGoalPage } from '../../../features/goals/components/add-goal-page.tsx';

/** Spec §2 'Add goal' (feature goals) in the client frame; back to the goals list when done. */
export default function UserAddGoalRoute() {
  const clientId = useClientId();
  if (clientId === null) return null;
  return <AddGoalPage clientId={clientId} goalsHref={paths.userDetails.goals.getHref(String(clientId))} />;
}
