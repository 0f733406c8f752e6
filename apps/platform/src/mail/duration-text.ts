/**
 * A link's or code's life as an e-mail says it ("7 days", "1 hour", "90 minutes"): in the largest
 * unit that divides it. The lives are settings (AUTH_RESET_LINK_TTL_SECONDS and the like): before
 * 2026-12-03 the e-mails said "7 days", "1 hour" and "15 minutes" whatever they were set to.
 */
export function durationText(seconds: number): string {
  const units = [
    [24 * 60 * 60, 'day'],
    [60 * 60, 'hour'],
    [60, 'minute'],
  ] as const;
  const [size, name] = units.find(([size]) => seconds % size === 0) ?? [1, 'second'];
  const count = seconds / size;
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}
