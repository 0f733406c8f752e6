import { describe, expect, it } from 'vitest';
import { revocationAllowed } from './provider-configuration.ts';

describe('the provider’s revocation policy', () => {
  it('lets a client revoke only the tokens issued to it', () => {
    const portal = { clientId: 'portal' };
    expect(revocationAllowed(undefined, portal, { clientId: 'portal' })).toBe(true);
    expect(revocationAllowed(undefined, portal, { clientId: 'another-client' })).toBe(false);
    expect(revocationAllowed(undefined, portal, {})).toBe(false);
  });
});
