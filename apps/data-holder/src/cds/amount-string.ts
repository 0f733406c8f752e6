const amountPattern = /^(-?)(\d{1,15})(?:\.(\d{1,16}))?$/;

/** Integer cents to a CDS AmountString ("-42.50"): money never passes through a float. */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/**
 * A CDS AmountString to integer cents; undefined when it is not one or has non-zero digits past the
 * cent, which no generated amount has, so a filter that fine would be a client mistake.
 */
export function parseAmount(text: string): number | undefined {
  const match = amountPattern.exec(text);
  if (!match) return undefined;
  const [, sign = '', units = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) return undefined;
  const cents = Number(units) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}
