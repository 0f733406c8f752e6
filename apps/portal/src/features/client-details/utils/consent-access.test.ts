import { describe, expect, it } from 'vitest';
import { hasUsableConsent } from './consent-access.ts';

const now = new Date('2026-11-20T00:00:00Z');
const consent = (
  status: 'pending' | 'active' | 'in_use' | 'expired' | 'withdrawn',
  expiry: string | null,
) => ({
  consent: { status, start: '2026-01-01T00:00:00Z', expiry },
});

describe('hasUsableConsent', () => {
  it('allows an active or in-use consent that has not expired', () => {
    expect(hasUsableConsent(consent('active', '2027-01-01T00:00:00Z'), now)).toBe(true);
    expect(hasUsableConsent(consent('in_use', null), now)).toBe(true);
  });

  it('refuses pending, expired and withdrawn consents, and none at all', () => {
    expect(hasUsableConsent(consent('pending', null), now)).toBe(false);
    expect(hasUsableConsent(consent('expired', null), now)).toBe(false);
    expect(hasUsableConsent(consent('withdrawn', null), now)).toBe(false);
    expect(hasUsableConsent({ consent: null }, now)).toBe(false);
  });

  it('refuses an active consent whose expiry has passed', () => {
    expect(hasUsableConsent(consent('active', '2026-11-19T23:59:59Z'), now)).toBe(false);
  });
});
