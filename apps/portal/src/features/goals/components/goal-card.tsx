import type { Goal } from '@waratah/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@waratah/ui';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { GoalProgressMeter } from './goal-progress-meter.tsx';
import { GoalStatusTag } from './goal-status-tag.tsx';

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className="font-medium text-body">{children}</dd>
    </div>
  );
}

/** One goal: what it aims for, how often, between which dates, and how far it has come. */
export function GoalCard({ goal }: { goal: Goal }) {
  const { t } = useTranslation();
  const start = formatDate(goal.start_date);
  return (
    <Card className="gap-4 py-6" data-testid="goal-card">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle level={3} className="text-lg">
          {goal.name}
        </CardTitle>
        <GoalStatusTag status={goal.status} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {goal.description ? <p className="text-muted-foreground text-sm">{goal.description}</p> : null}
        <dl className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-4">
          <Figure term={t('goals.card.targetType')}>{t(`goals.targetTypes.${goal.target}`)}</Figure>
          <Figure term={t('goals.card.frequency')}>{t(`goals.frequencies.${goal.frequency}`)}</Figure>
          <Figure term={t('goals.card.target')}>
            {goal.target_amount === null ? t('goals.card.noTarget') : formatMoney(goal.target_amount)}
          </Figure>
          <Figure term={t('goals.card.current')}>{formatMoney(goal.current_amount)}</Figure>
          <Figure term={t('goals.card.perPeriod')}>
            {goal.period_amount === null ? '—' : formatMoney(goal.period_amount)}
          </Figure>
          <Figure term={t('goals.card.dates')}>
            {goal.end_date
              ? t('goals.card.dateRange', { start, end: formatDate(goal.end_date) })
              : t('goals.card.noEndDate', { start })}
          </Figure>
        </dl>
        <GoalProgressMeter goal={goal} />
      </CardContent>
    </Card>
  );
}
