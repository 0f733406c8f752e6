import { formatCompactAud } from '@waratah/ui';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { LazyBarChartCard } from '../../../lib/lazy-bar-chart-card.tsx';
import type { MonthCashFlow } from '../utils/cash-flow.ts';
import { PanelEmpty } from './overview-panel.tsx';

const monthLabel: Intl.DateTimeFormatOptions = { month: 'short' };

/**
 * Income and spending per month as two bar chart cards (spec §2: the latest month's bar in the
 * primary colour), each marked with its monthly average.
 */
export function CashFlowCharts({ months }: { months: readonly MonthCashFlow[] }) {
  const { t } = useTranslation();
  if (months.every((month) => month.incomeCents === 0 && month.spendingCents === 0)) {
    return <PanelEmpty>{t('overview.cashFlow.empty', { count: months.length })}</PanelEmpty>;
  }
  const series = (pick: (month: MonthCashFlow) => number) =>
    months.map((month) => ({ name: formatDate(month.month, monthLabel), value: pick(month) / 100 }));
  // Averaged over the months since the first with any money in or out: a client connected last
  // month has one month of data, not six (whose average read a sixth of the truth before 2026-11-30).
  const counted = months.slice(
    months.findIndex((month) => month.incomeCents !== 0 || month.spendingCents !== 0),
  );
  const average = (pick: (month: MonthCashFlow) => number) =>
    Math.round(counted.reduce((sum, month) => sum + pick(month), 0) / counted.length / 100);
  const incomeAverage = average((month) => month.incomeCents);
  const spendingAverage = average((month) => month.spendingCents);
  const incomeMax = Math.max(...months.map((month) => month.incomeCents)) / 100;
  const spendingMax = Math.max(...months.map((month) => month.spendingCents)) / 100;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <LazyBarChartCard
        title={t('overview.cashFlow.income')}
        markerText={t('overview.cashFlow.average', { amount: formatCompactAud(incomeAverage) })}
        {...markerLine(incomeAverage, incomeMax)}
        graphData={series((month) => month.incomeCents)}
        height={220}
      />
      <LazyBarChartCard
        title={t('overview.cashFlow.spending')}
        markerText={t('overview.cashFlow.average', { amount: formatCompactAud(spendingAverage) })}
        {...markerLine(spendingAverage, spendingMax)}
        graphData={series((month) => month.spendingCents)}
        height={220}
      />
    </div>
  );
}

/**
 * The average's dashed line and y-axis label, left out when it sits so close to the maximum that
 * the two labels would overlap; the header still gives the average.
 */
function markerLine(average: number, max: number): { markerValue?: number } {
  return max > 0 && (max - average) / max < 0.12 ? {} : { markerValue: average };
}
