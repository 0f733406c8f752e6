import { environments, resolveTenant, tenantIds, tenants } from '@waratah/tenants';
import { describe, expect, it } from 'vitest';
import {
  hostTenant,
  localHostsServed,
  rememberedHosts,
  requestHostTenant,
  servesLocalHosts,
} from './host-tenant.ts';

const productionServer = { config: { nodeEnv: 'production' as const } };
const developmentServer = { config: { nodeEnv: 'development' as const } };

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

describe('local hosts on a production server', () => {
  it('are taken by every server but a production one, unless its configuration says otherwise', () => {
    expect(localHostsServed({ nodeEnv: 'development' })).toBe(true);
    expect(localHostsServed({ nodeEnv: 'test' })).toBe(true);
    expect(localHostsServed({ nodeEnv: 'production' })).toBe(false);
    expect(localHostsServed({ nodeEnv: 'production', localHosts: true })).toBe(true);
    expect(localHostsServed({ nodeEnv: 'development', localHosts: false })).toBe(false);
    expect(servesLocalHosts({ server: productionServer })).toBe(false);
    expect(servesLocalHosts({ server: developmentServer })).toBe(true);
    // A stand-in request without the platform's configuration, as the unit tests make.
    expect(servesLocalHosts({})).toBe(true);
  });

  it.each([
    'waratah.localhost:3000',
    'moneypartner.localhost',
    'waratahlabs.localhost:8080',
    'localhost:8080',
    '127.0.0.1:8080',
    '[::1]:8080',
    'api.moneypartner.localhost',
  ])('name no tenant there: %s is a host nobody configured', (host) => {
    for (const protocol of ['http', 'https'] as const) {
      const request = { host, protocol, server: productionServer };
      const unknown = { host: 'nowhere.example', protocol };
      expect(hostTenant(request)).toEqual(hostTenant(unknown));
      expect(hostTenant(request)).toMatchObject({ matched: false, isLocalHost: false });
      expect(requestHostTenant(request)).toEqual(requestHostTenant(unknown));
      expect(requestHostTenant(request).tenant.id).toBe('waratah');
    }
  });

  it('still name the tenant on a development server, whichever server asked first', () => {
    const host = 'moneypartner.localhost:3001';
    expect(hostTenant({ host, protocol: 'http', server: productionServer }).matched).toBe(false);
    const local = hostTenant({ host, protocol: 'http', server: developmentServer });
    expect(local).toMatchObject({ matched: true, isLocalHost: true, apiBaseUrl: `http://${host}` });
    expect(local.tenant.id).toBe('moneypartner');
    expect(hostTenant({ host, protocol: 'http', server: productionServer }).matched).toBe(false);
  });

  it("leave a production server's configured hosts as they were", () => {
    for (const host of ['portal.moneypartner.com.au', 'advisers.staging.waratahlabs.com.au']) {
      const request = { host, protocol: 'https' as const };
      expect(hostTenant({ ...request, server: productionServer })).toBe(hostTenant(request));
    }
    const api = requestHostTenant({
      host: 'api2.moneypartner.com.au',
      protocol: 'https',
      server: productionServer,
    });
    expect(api).toMatchObject({ matched: true, environment: 'production', isSecondaryDomain: true });
    expect(api.tenant.id).toBe('moneypartner');
  });
});
