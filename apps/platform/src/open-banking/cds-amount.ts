const amountString = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A CDS AmountString (two to sixteen decimals) as the platform's two-place decimal string, rounded
 * half away from zero on the cent, without passing through a float.
 */
export function cdsAmountToDecimal(amount: string): string {
  const match = amountString.exec(amount.trim());
  if (!match) throw new Error(`Not a CDS AmountString: ${amount}`);
  const [, sign = '', units = '0', fraction = ''] = match;
  let cents = BigInt(units) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1n;
  const whole = (cents / 100n).toString();
  const part = (cents % 100n).toString().padStart(2, '0');
  return `${sign && cents !== 0n ? '-' : ''}${whole}.${part}`;
}
