const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** A wire amount ('-42.50') as whole cents, so sums stay exact (never float arithmetic on money). */
export function toCents(amount: string): number {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new RangeError(`Not an amount of money: '${amount}'`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Whole cents back as the wire's decimal string, for display through formatMoney. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const decimal = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${decimal}` : decimal;
}
