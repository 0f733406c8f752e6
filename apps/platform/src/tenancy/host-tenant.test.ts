import { resolveTenant } from '@waratah/tenants';
import { describe, expect, it } from 'vitest';
import { hostTenant, rememberedHosts } from './host-tenant.ts';

describe('hostTenant', () => {
  it('answers as resolveTenant does, resolving each protocol and host once', () => {
    for (const request of [
      { host: 'moneypartner.localhost:3000', protocol: 'http' as const },
      { host: 'waratahlabs.localhost', protocol: 'https' as const },
      { host: 'adviser.moneypartner.com.au', protocol: 'https' as const },
      { host: 'nowhere.example', protocol: 'https' as const },
    ]) {
      const first = hostTenant(request);
      expect(first).toEqual(resolveTenant(request));
      expect(hostTenant(request)).toBe(first);
    }
    const local = { host: 'moneypartner.localhost:3000', protocol: 'http' as const };
    expect(hostTenant({ ...local, protocol: 'https' }).envConfig.api.hostUrl).toBe(
      'https://moneypartner.localhost:3000',
    );
  });

  it('remembers a bounded number of hosts, however many a caller makes up', () => {
    const first = { host: 'first.localhost', protocol: 'http' as const };
    const remembered = hostTenant(first);
    for (let i = 0; i < rememberedHosts; i += 1)
      hostTenant({ host: `made-up-${i}.example`, protocol: 'http' });
    // The first host was let go: it is resolved again, to an equal but new answer.
    const again = hostTenant(first);
    expect(again).toEqual(remembered);
    expect(again).not.toBe(remembered);
  });
});
