import type { Goal } from '@waratah/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { goalProgress } from '../../../lib/goal-progress.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The goal's progress as a bar, drawn like the kit's progress bar track (the kit's ProgressBar
 * shows numbered steps, which a goal does not have).
 */
export function GoalProgressMeter({ goal }: { goal: Goal }) {
  const { t } = useTranslation();
  const progress = goalProgress(goal);
  if (!progress) return <p className="text-muted-foreground text-sm">{t('goals.card.noProgress')}</p>;
  const text =
    progress.basis === 'target'
      ? t('goals.card.progressText', { percent: progress.percent })
      : t('goals.card.periodProgressText', { percent: progress.percent, target: formatMoney(progress.of) });
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={t('goals.card.progress', { name: goal.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-button-primary-fade"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="text-muted-foreground text-sm">{text}</p>
    </div>
  );
}
