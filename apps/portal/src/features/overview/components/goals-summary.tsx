import type { Goal } from '@waratah/contracts';
import { Tag } from '@waratah/ui';
import { formatMoney } from '../../../lib/format.ts';
import { goalProgress } from '../../../lib/goal-progress.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { PanelEmpty } from './overview-panel.tsx';

const SHOWN = 4;

/** The client's current goals, the first few with their progress towards the target. */
export function GoalsSummary({ goals }: { goals: readonly Goal[] }) {
  const { t } = useTranslation();
  if (goals.length === 0) return <PanelEmpty>{t('overview.goals.empty')}</PanelEmpty>;
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium text-sm">{t('overview.goals.count', { count: goals.length })}</p>
      <ul className="flex flex-col gap-4">
        {goals.slice(0, SHOWN).map((goal) => (
          <GoalProgress key={goal.id} goal={goal} />
        ))}
      </ul>
    </div>
  );
}

function GoalProgress({ goal }: { goal: Goal }) {
  const { t } = useTranslation();
  // Rounded down, as the goals page rounds it: $995 of $1,000 is 99 %, not a full bar.
  const percent = goal.target_amount === null ? null : (goalProgress(goal)?.percent ?? null);
  return (
    <li className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{goal.name}</span>
        <Tag size="xs" variant={goal.status === 'active' ? 'success' : 'neutral'}>
          {t(`overview.goals.status.${goal.status}`)}
        </Tag>
      </div>
      {percent === null ? (
        <p className="text-muted-foreground text-sm">
          {t('overview.goals.saved', { current: formatMoney(goal.current_amount) })}
        </p>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label={goal.name}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-muted-foreground text-sm">
            {t('overview.goals.progress', {
              current: formatMoney(goal.current_amount),
              target: formatMoney(goal.target_amount ?? '0'),
            })}
          </p>
        </>
      )}
    </li>
  );
}
