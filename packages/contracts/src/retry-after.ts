/**
 * How long a `Retry-After` header asks to wait, in milliseconds from `now` (RFC 9110 §10.2.3: whole
 * seconds, or an HTTP date; a date already past is 0); undefined without the header or for a value
 * that is neither. Read by the SDK (when the portal may ask the platform again) and by the platform
 * (when to ask a data holder again), each with its own longest wait.
 */
export function retryAfterWaitMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  // A date names its day or month in letters: '-5' or '1.5' is neither form, though Date.parse reads them.
  const wait = /^\d+$/.test(value)
    ? Number(value) * 1000
    : /[a-z]/i.test(value)
      ? Date.parse(value) - now
      : Number.NaN;
  return Number.isFinite(wait) ? Math.max(0, wait) : undefined;
}
