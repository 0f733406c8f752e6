import { CdsError } from './cds-error.ts';

const positiveInteger = /^[1-9]\d{0,5}$/;

type HeaderValue = string | string[] | undefined;

export interface SupportedVersions {
  min: number;
  max: number;
}

function readVersion(value: HeaderValue, name: string): number | undefined {
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !positiveInteger.test(text.trim())) {
    throw new CdsError('invalidVersion', `${name} must be a positive integer, got '${String(text)}'`);
  }
  return Number(text);
}

/**
 * CDS version negotiation: serve the highest supported version in [x-min-v, x-v]; an x-min-v not
 * below x-v counts as absent, as the standard says.
 */
export function negotiateVersion(
  headers: { 'x-v'?: HeaderValue; 'x-min-v'?: HeaderValue },
  supported: SupportedVersions,
): number {
  const requested = readVersion(headers['x-v'], 'x-v');
  if (requested === undefined) throw new CdsError('missingHeader', 'x-v is required');
  const minimum = readVersion(headers['x-min-v'], 'x-min-v');
  const lowest = minimum !== undefined && minimum < requested ? minimum : requested;
  const served = Math.min(requested, supported.max);
  if (served < lowest || served < supported.min) {
    throw new CdsError(
      'unsupportedVersion',
      `this endpoint serves versions ${supported.min}–${supported.max}; requested x-v ${requested}` +
        (minimum !== undefined ? `, x-min-v ${minimum}` : ''),
    );
  }
  return served;
}
