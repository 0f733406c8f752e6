import { describe, expect, it } from 'vitest';
import { CdsError } from './cds-error.ts';
import { negotiateVersion } from './negotiate-version.ts';

const accounts = { min: 3, max: 3 };

function kindOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof CdsError) return error.kind;
    throw error;
  }
  return undefined;
}

describe('negotiateVersion', () => {
  it('serves the requested version when supported', () => {
    expect(negotiateVersion({ 'x-v': '3' }, accounts)).toBe(3);
  });

  it('serves the highest supported version within [x-min-v, x-v]', () => {
    expect(negotiateVersion({ 'x-v': '9', 'x-min-v': '2' }, accounts)).toBe(3);
    expect(negotiateVersion({ 'x-v': '3', 'x-min-v': '7' }, accounts)).toBe(3);
  });

  it('refuses versions outside the supported range with Unsupported Version', () => {
    expect(kindOf(() => negotiateVersion({ 'x-v': '2' }, accounts))).toBe('unsupportedVersion');
    expect(kindOf(() => negotiateVersion({ 'x-v': '9' }, accounts))).toBe('unsupportedVersion');
  });

  it('needs x-v and positive integers', () => {
    expect(kindOf(() => negotiateVersion({}, accounts))).toBe('missingHeader');
    expect(kindOf(() => negotiateVersion({ 'x-v': 'three' }, accounts))).toBe('invalidVersion');
    expect(kindOf(() => negotiateVersion({ 'x-v': '3', 'x-min-v': '0' }, accounts))).toBe('invalidVersion');
  });
});
