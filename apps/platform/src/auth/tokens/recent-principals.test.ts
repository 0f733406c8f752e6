import { describe, expect, it } from 'vitest';
import type { AdminUserPrincipal } from '../principal.ts';
import { createRecentPrincipals } from './recent-principals.ts';

const adviser = (adminUserId: number): AdminUserPrincipal => ({
  kind: 'admin_user',
  tenantId: 'moneypartner',
  adminUserId,
  role: 'adviser',
  externalPartyId: 7,
  via: 'bearer',
});

describe('recent principals', () => {
  it('finds what was remembered until its time is up', () => {
    let clock = 1_000;
    const recent = createRecentPrincipals({ capacity: 10, ttlMs: 500, now: () => clock });
    recent.remember('a', adviser(1));
    clock = 1_499;
    expect(recent.find('a')).toEqual(adviser(1));
    clock = 1_500;
    expect(recent.find('a')).toBeUndefined();
    expect(recent.size).toBe(0);
  });

  it('forgets a token on demand', () => {
    const recent = createRecentPrincipals({ capacity: 10, ttlMs: 500 });
    recent.remember('a', adviser(1));
    recent.forget('a');
    expect(recent.find('a')).toBeUndefined();
  });

  it('holds at most its capacity, dropping the token remembered longest ago', () => {
    const recent = createRecentPrincipals({ capacity: 2, ttlMs: 60_000 });
    recent.remember('a', adviser(1));
    recent.remember('b', adviser(2));
    recent.remember('a', adviser(1)); // remembered again: now the newest
    recent.remember('c', adviser(3));
    expect(recent.size).toBe(2);
    expect(recent.find('b')).toBeUndefined();
    expect(recent.find('a')).toEqual(adviser(1));
    expect(recent.find('c')).toEqual(adviser(3));
  });
});
