import { daysBetween } from '../aggregation/calendar-date.ts';

export type Regularity = 'weekly' | 'fortnightly' | 'monthly' | 'irregular';

/** How often payments from one source arrive, from the median gap between their dates. */
export function regularityOf(dates: readonly string[]): Regularity {
  const sorted = [...dates].sort();
  if (sorted.length < 3) return 'irregular';
  const gaps = sorted
    .slice(1)
    .map((date, index) => daysBetween(sorted[index] ?? date, date))
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)] ?? 0;
  if (median >= 6 && median <= 8) return 'weekly';
  if (median >= 13 && median <= 15) return 'fortnightly';
  if (median >= 27 && median <= 32) return 'monthly';
  return 'irregular';
}
