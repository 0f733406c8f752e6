import { describe, expect, it } from 'vitest';
import { localTenantUrls } from './local-tenant-urls.ts';
import { resolveTenant } from './resolve-tenant.ts';

describe('localTenantUrls', () => {
  it('lists one URL per tenant on the given port', () => {
    expect(localTenantUrls(8080)).toEqual([
      { tenant: 'waratah', name: 'Waratah', url: 'http://localhost:8080/' },
      { tenant: 'moneypartner', name: 'MoneyPartner', url: 'http://moneypartner.localhost:8080/' },
      { tenant: 'waratahlabs', name: 'Waratah Labs', url: 'http://waratahlabs.localhost:8080/' },
    ]);
  });

  it.each(['https:', 'https'])('keeps the protocol %s', (protocol) => {
    expect(localTenantUrls(8443, protocol)[1]?.url).toBe('https://moneypartner.localhost:8443/');
  });

  it.each(localTenantUrls(3000))('$url resolves back to $tenant', ({ tenant, url }) => {
    const { host, protocol } = new URL(url);
    expect(resolveTenant({ host, protocol }).tenant.id).toBe(tenant);
  });
});
