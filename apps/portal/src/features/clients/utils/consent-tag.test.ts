import { describe, expect, it } from 'vitest';
import { consentTagVariant } from './consent-tag.ts';

const now = new Date('2026-11-20T00:00:00Z');

describe('consentTagVariant', () => {
  it('shows ended consents as errors and pending ones as neutral', () => {
    expect(consentTagVariant('expired', '2026-10-01T00:00:00Z', now)).toBe('error');
    expect(consentTagVariant('withdrawn', null, now)).toBe('error');
    expect(consentTagVariant('pending', null, now)).toBe('neutral');
  });

  it('warns about a sharing consent that ends within 30 days', () => {
    expect(consentTagVariant('active', '2026-12-10T00:00:00Z', now)).toBe('warning');
    expect(consentTagVariant('in_use', '2026-12-21T00:00:00Z', now)).toBe('success');
    expect(consentTagVariant('active', null, now)).toBe('success');
  });
});
