import { type BarChartCardProps, cn, Skeleton } from '@waratah/ui';
import { lazy, Suspense } from 'react';

const BarChartCard = lazy(() => import('./charts.ts'));

export type LazyBarChartCardProps = BarChartCardProps & { title: string; height: number };

/** The kit's `BarChartCard`, loaded on first use with the chart library; a same-sized placeholder until then. */
export function LazyBarChartCard(props: LazyBarChartCardProps) {
  return (
    <Suspense fallback={<BarChartCardPlaceholder {...props} />}>
      <BarChartCard {...props} />
    </Suspense>
  );
}

/**
 * The kit card's frame, caption and chart height (see packages/ui bar-chart-card.tsx), so that
 * nothing moves when the chart replaces it.
 */
function BarChartCardPlaceholder({ title, markerText, height, className }: LazyBarChartCardProps) {
  return (
    <figure
      data-slot="bar-chart-placeholder"
      aria-busy="true"
      className={cn(
        'flex flex-col gap-4 rounded-2xl border border-border bg-surface p-6 text-body',
        className,
      )}
    >
      <figcaption className="flex items-baseline justify-between gap-4">
        <span className="font-semibold text-lg">{title}</span>
        {markerText ? <span className="text-muted-foreground text-sm">{markerText}</span> : null}
      </figcaption>
      <Skeleton style={{ height }} />
    </figure>
  );
}
