/** Spec §9: AUD in en-AU, no fraction digits, compact notation of at most 2 significant digits. */
const formatter = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  notation: 'compact',
  maximumFractionDigits: 0,
  maximumSignificantDigits: 2,
});

export function formatCompactAud(value: number): string {
  return formatter.format(value);
}
