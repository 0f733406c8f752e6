import { environments, resolveTenant, tenantIds, tenants } from '@waratah/tenants';
import { describe, expect, it } from 'vitest';
import { hostTenant, rememberedHosts, requestHostTenant } from './host-tenant.ts';

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

describe('requestHostTenant', () => {
  const apiHosts = tenantIds.flatMap((id) =>
    environments.flatMap((environment) => {
      const envConfig = tenants[id].envConfig[environment];
      if (!envConfig) return [];
      return [envConfig.api.hostUrl, envConfig.api.secondaryHostUrl].map((url) => ({
        host: new URL(url).host,
        id,
        environment,
      }));
    }),
  );

  it('covers every API host of every tenant environment', () => {
    expect(apiHosts).toHaveLength(2 * (3 + 3 + 2));
  });

  it.each(apiHosts)(
    '$host → $id $environment, where hostTenant claims no tenant',
    ({ host, id, environment }) => {
      const request = { host, protocol: 'https' as const };
      expect(hostTenant(request).matched).toBe(false);
      const resolved = requestHostTenant(request);
      expect(resolved.tenant.id).toBe(id);
      expect(resolved.environment).toBe(environment);
      expect(resolved.envConfig).toBe(tenants[id].envConfig[environment]);
    },
  );

  it('answers as hostTenant does for a local host, a portal domain and a host nobody configured', () => {
    for (const request of [
      { host: 'moneypartner.localhost:3000', protocol: 'http' as const },
      { host: 'api.moneypartner.localhost:3000', protocol: 'http' as const },
      { host: 'localhost:8080', protocol: 'http' as const },
      { host: 'portal.staging.waratahlabs.com.au', protocol: 'https' as const },
      { host: 'api.moneypartner.com.au.evil.example', protocol: 'https' as const },
      { host: 'nowhere.example', protocol: 'https' as const },
    ])
      expect(requestHostTenant(request)).toBe(hostTenant(request));
    const unknown = requestHostTenant({ host: 'nowhere.example', protocol: 'https' });
    expect(unknown).toMatchObject({ matched: false, environment: 'production' });
    expect(unknown.tenant.id).toBe('waratah');
  });
});
