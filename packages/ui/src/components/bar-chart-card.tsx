import { Bar, BarChart, Cell, ReferenceLine, XAxis, YAxis } from 'recharts';
import { cn } from '../lib/cn.ts';
import { formatCompactAud } from '../lib/format-compact-aud.ts';
import { type ChartDataInput, parseChartData } from '../lib/parse-chart-data.ts';

/** Spec §9. */
export const BAR_RADIUS = 8;
/** Month names under the bars: small enough that six fit under a half-width card. */
const X_AXIS_FONT_SIZE = 14;
export const Y_AXIS_FONT_SIZE = 18;

export interface BarChartCardProps extends ChartDataInput {
  title?: string;
  /** The secondary text in the header row, e.g. 'Average $1,200'. */
  markerText?: string;
  /** A value also marked on the y axis, e.g. the average. */
  markerValue?: number;
  /** A fixed size; without it the chart fills its card's width. */
  width?: number;
  height?: number;
  className?: string;
}

/** A bar chart of money per label; the last bar (the latest period) stands out. Bad data shows nothing. */
export function BarChartCard({
  graphData,
  xLabels,
  yValues,
  title,
  markerText,
  markerValue,
  width,
  height = 260,
  className,
}: BarChartCardProps) {
  const data = parseChartData({ graphData, xLabels, yValues });
  if (data.length === 0) return null;
  const max = Math.max(0, ...data.map((datum) => datum.value));
  const ticks = [0, max, ...(markerValue === undefined ? [] : [markerValue])].filter(
    (tick, index, all) => all.indexOf(tick) === index,
  );
  const summary = data.map((datum) => `${datum.name}: ${formatCompactAud(datum.value)}`).join(', ');

  return (
    <figure
      data-slot="bar-chart-card"
      className={cn(
        'flex flex-col gap-4 rounded-2xl border border-border bg-surface p-6 text-body',
        className,
      )}
    >
      {title || markerText ? (
        <figcaption className="flex items-baseline justify-between gap-4">
          {title ? <span className="font-semibold text-lg">{title}</span> : <span />}
          {markerText ? <span className="text-muted-foreground text-sm">{markerText}</span> : null}
        </figcaption>
      ) : null}
      <div role="img" aria-label={title ? `${title}. ${summary}` : summary}>
        <BarChart
          data={data}
          width={width}
          height={height}
          responsive={width === undefined}
          style={width === undefined ? { width: '100%', height } : undefined}
          margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
          accessibilityLayer={false}
        >
          {/* Every label is kept: recharts drops one it thinks too close to the next (a month's
              name under the overview's half-width cards), which reads as a missing month. */}
          <XAxis
            dataKey="name"
            axisLine={false}
            tickLine={false}
            interval={0}
            tick={{ fontSize: X_AXIS_FONT_SIZE, fill: 'var(--color-muted-foreground)' }}
          />
          <YAxis
            ticks={ticks}
            domain={[0, Math.max(max, markerValue ?? 0)]}
            interval={0}
            tickFormatter={formatCompactAud}
            axisLine={false}
            tickLine={false}
            width={72}
            tick={{ fontSize: Y_AXIS_FONT_SIZE, fill: 'var(--color-muted-foreground)' }}
          />
          {markerValue === undefined ? null : (
            <ReferenceLine y={markerValue} stroke="var(--color-muted-foreground)" strokeDasharray="4 4" />
          )}
          <Bar dataKey="value" radius={BAR_RADIUS} isAnimationActive={false}>
            {data.map((datum, index) => (
              <Cell
                key={datum.name}
                data-slot="bar"
                fill="var(--color-primary)"
                fillOpacity={index === data.length - 1 ? 1 : 0.35}
              />
            ))}
          </Bar>
        </BarChart>
      </div>
    </figure>
  );
}
