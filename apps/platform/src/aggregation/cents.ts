/**
 * Money arithmetic in whole cents (DESIGN §3: never a float). Decimal strings from the database or
 * the wire become integers; integers become two-place decimal strings again. One amount is exact
 * up to ±9e13 dollars (every stored one is: 12 whole digits); sums use bigints (`sumCents`).
 */
export function toCents(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a decimal amount: ${decimal}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/**
 * Two places from whole cents: a bigint, exact however large (`sumCents`), or a whole number, exact
 * up to ±2^53 cents (past that a number no longer counts every cent; the passport sums in bigints,
 * while documents and reports still sum numbers: their figures past $90 trillion are rounded).
 */
export function formatCents(cents: number | bigint): string {
  if (typeof cents === 'number' && !Number.isInteger(cents)) {
    throw new Error(`Not a whole number of cents: ${cents}`);
  }
  const whole = BigInt(cents);
  const sign = whole < 0n ? '-' : '';
  const absolute = whole < 0n ? -whole : whole;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

/** The exact sum of amounts in cents, however many: each is exact, and the sum is a bigint. */
export function sumCents(cents: Iterable<number>): bigint {
  let total = 0n;
  for (const value of cents) total += BigInt(value);
  return total;
}

/**
 * `cents / by` rounded half away from zero, exactly; `by` is a positive integer. An expense's
 * average rounds as an income of the same size does, and as the savings rate rounds (before
 * 2026-12-02 halves went up, as Math.round does: -1,000.05 over two months was -500.02, +1,000.05 500.03).
 */
export function divideCents(cents: bigint, by: number): bigint {
  const divisor = BigInt(by) * 2n;
  const rounded = (magnitude(cents) * 2n + BigInt(by)) / divisor;
  return cents < 0n ? -rounded : rounded;
}

/**
 * part/whole as a percentage rounded half away from zero to one place ("-12.3"), exactly, for
 * any sizes of sums: the passport's and the insights' savings rate, which agree on a period (the
 * passport rounded halves up in floating point before 2026-11-30: -12.25 % was "-12.2" there and
 * "-12.3" in the insights). `whole` is not zero.
 */
export function percentOneDecimal(part: number | bigint, whole: number | bigint): string {
  const top = magnitude(BigInt(part)) * 1000n;
  const bottom = magnitude(BigInt(whole));
  const tenths = (top * 2n + bottom) / (bottom * 2n);
  const sign = BigInt(part) < 0n !== BigInt(whole) < 0n && tenths !== 0n ? '-' : '';
  return `${sign}${tenths / 10n}.${tenths % 10n}`;
}

/** The size of a bigint amount, without its sign. */
export function magnitude(cents: bigint): bigint {
  return cents < 0n ? -cents : cents;
}
