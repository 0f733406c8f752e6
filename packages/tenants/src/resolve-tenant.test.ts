import { describe, expect, it } from 'vitest';
import {
  hostsOf,
  isLocalHost,
  portalOriginOfApiHost,
  resolveApiHost,
  resolveIdentityHost,
  resolveTenant,
  sharedCookieDomainOf,
  signInServerOf,
} from './resolve-tenant.ts';
import { type Environment, environments, type TenantId, tenantIds } from './tenant-config.ts';
import { tenants } from './tenants.ts';

describe('resolveTenant on a local host', () => {
  it.each<[host: string, tenant: TenantId, environment: Environment, origin: string]>([
    ['localhost', 'waratah', 'production', 'http://localhost'],
    ['localhost:8080', 'waratah', 'production', 'http://localhost:8080'],
    ['LOCALHOST:8080', 'waratah', 'production', 'http://localhost:8080'],
    ['localhost.:8080', 'waratah', 'production', 'http://localhost:8080'],
    ['127.0.0.1:8080', 'waratah', 'production', 'http://127.0.0.1:8080'],
    ['[::1]:8080', 'waratah', 'production', 'http://[::1]:8080'],
    ['0.0.0.0:3000', 'waratah', 'production', 'http://0.0.0.0:3000'],
    ['waratah.localhost:8080', 'waratah', 'production', 'http://waratah.localhost:8080'],
    ['moneypartner.localhost', 'moneypartner', 'production', 'http://moneypartner.localhost'],
    ['moneypartner.localhost:8080', 'moneypartner', 'production', 'http://moneypartner.localhost:8080'],
    ['MoneyPartner.LocalHost:8080', 'moneypartner', 'production', 'http://moneypartner.localhost:8080'],
    ['waratahlabs.localhost:8080', 'waratahlabs', 'staging', 'http://waratahlabs.localhost:8080'],
    ['waratahlabs.localhost:5173', 'waratahlabs', 'staging', 'http://waratahlabs.localhost:5173'],
    ['nosuch.localhost:8080', 'waratah', 'production', 'http://nosuch.localhost:8080'],
    ['portal.moneypartner.localhost', 'waratah', 'production', 'http://portal.moneypartner.localhost'],
  ])('%s → %s %s', (host, tenant, environment, origin) => {
    const resolved = resolveTenant({ host });

    expect(resolved).toMatchObject({
      environment,
      apiBaseUrl: origin,
      isLocalHost: true,
      isSecondaryDomain: false,
      matched: true,
    });
    expect(resolved.tenant.id).toBe(tenant);
  });

  it.each(tenantIds)('%s: every configured URL becomes the page origin', (id) => {
    const host = id === 'waratah' ? 'localhost:8080' : `${id}.localhost:8080`;
    const { envConfig, environment } = resolveTenant({ host, protocol: 'https:' });
    const configured = tenants[id].envConfig[environment];

    expect(envConfig.api).toEqual({
      hostUrl: `https://${host}`,
      secondaryHostUrl: `https://${host}`,
    });
    expect(envConfig.fusionAuth?.serverUrl).toBe(configured?.fusionAuth && `https://${host}`);
    expect(envConfig.oauth).toEqual(configured?.oauth);
    expect(configured?.api.hostUrl).toMatch(/^https:\/\/api\./);
  });

  it('keeps single sign-on for the default tenant on localhost', () => {
    expect(resolveTenant({ host: 'localhost:8080' }).envConfig.fusionAuth).toMatchObject({
      enabled: true,
      serverUrl: 'http://localhost:8080',
    });
  });

  it.each(tenantIds.filter((id) => !tenants[id].envConfig.production))(
    '%s has no production, so a local host falls back to staging',
    (id) => {
      expect(resolveTenant({ host: `${id}.localhost` }).environment).toBe('staging');
    },
  );

  it.each([undefined, 'http:', 'http', 'ftp:', ''])('protocol %s gives an http origin', (protocol) => {
    expect(resolveTenant({ host: 'localhost:8080', protocol }).apiBaseUrl).toBe('http://localhost:8080');
  });
});

describe('resolveTenant on a hosted domain', () => {
  const generated = tenantIds.flatMap((id) =>
    environments.flatMap((environment) => {
      const envConfig = tenants[id].envConfig[environment];
      if (!envConfig) return [];
      return [
        {
          host: envConfig.hostedDomain,
          id,
          environment,
          apiBaseUrl: envConfig.api.hostUrl,
          secondary: false,
        },
        {
          host: envConfig.secondaryHostedDomain,
          id,
          environment,
          apiBaseUrl: envConfig.api.secondaryHostUrl,
          secondary: true,
        },
      ];
    }),
  );

  // Written out so that a typo in a tenant file fails here rather than being copied into the table above.
  const literal = [
    {
      host: 'portal.waratah.com.au',
      id: 'waratah',
      environment: 'production',
      apiBaseUrl: 'https://api.waratah.com.au',
      secondary: false,
    },
    {
      host: 'advisers.waratah.com.au',
      id: 'waratah',
      environment: 'production',
      apiBaseUrl: 'https://api2.waratah.com.au',
      secondary: true,
    },
    {
      host: 'portal.waratah-sandbox.com.au',
      id: 'waratah',
      environment: 'sandbox',
      apiBaseUrl: 'https://api.waratah-sandbox.com.au',
      secondary: false,
    },
    {
      host: 'advisers.staging.moneypartner.com.au',
      id: 'moneypartner',
      environment: 'staging',
      apiBaseUrl: 'https://api2.staging.moneypartner.com.au',
      secondary: true,
    },
    {
      host: 'portal.moneypartner.com.au',
      id: 'moneypartner',
      environment: 'production',
      apiBaseUrl: 'https://api.moneypartner.com.au',
      secondary: false,
    },
    {
      host: 'portal.staging.waratahlabs.com.au',
      id: 'waratahlabs',
      environment: 'staging',
      apiBaseUrl: 'https://api.staging.waratahlabs.com.au',
      secondary: false,
    },
    {
      host: 'advisers.sandbox.waratahlabs.com.au',
      id: 'waratahlabs',
      environment: 'sandbox',
      apiBaseUrl: 'https://api2.sandbox.waratahlabs.com.au',
      secondary: true,
    },
    {
      host: 'PORTAL.WARATAH.COM.AU:443',
      id: 'waratah',
      environment: 'production',
      apiBaseUrl: 'https://api.waratah.com.au',
      secondary: false,
    },
    {
      host: 'advisers.moneypartner.com.au.',
      id: 'moneypartner',
      environment: 'production',
      apiBaseUrl: 'https://api2.moneypartner.com.au',
      secondary: true,
    },
  ] as const;

  it('covers every configured domain', () => {
    expect(generated).toHaveLength(2 * (3 + 3 + 2));
  });

  it.each([...literal, ...generated])(
    '$host → $id $environment (secondary: $secondary)',
    ({ host, id, environment, apiBaseUrl, secondary }) => {
      const resolved = resolveTenant({ host, protocol: 'https:' });

      expect(resolved.tenant.id).toBe(id);
      expect(resolved).toMatchObject({
        environment,
        apiBaseUrl,
        isSecondaryDomain: secondary,
        isLocalHost: false,
        matched: true,
      });
      expect(resolved.envConfig).toBe(tenants[id].envConfig[environment]);
    },
  );
});

describe('resolveTenant on an unknown or malformed host', () => {
  const defaultProduction = {
    environment: 'production',
    apiBaseUrl: 'https://api.waratah.com.au',
    isLocalHost: false,
    isSecondaryDomain: false,
    matched: false,
  };

  it.each([
    'example.com',
    'waratah.com.au',
    'portal.waratah.com.au.example.com',
    'evil-portal.waratah.com.au',
    'portal.production.waratah.com.au',
    'portal.waratahlabs.com.au',
  ])('unknown %s → default tenant in production, unmatched', (host) => {
    const resolved = resolveTenant({ host });
    expect(resolved.tenant.id).toBe('waratah');
    expect(resolved).toMatchObject(defaultProduction);
  });

  it.each([
    '',
    ' ',
    ' localhost',
    'local host',
    'localhost:abc',
    'localhost:99999',
    'localhost:8080:1',
    'http://localhost',
    '[::1',
    '-bad.example.com',
    'exa_mple.com',
    '..',
    '.localhost',
    `${'a'.repeat(64)}.localhost`,
    `${'a.'.repeat(200)}com`,
    'x'.repeat(100_000),
    'localhost\u0000',
    'pörtal.waratah.com.au',
  ])('malformed %j never throws and resolves to the default tenant', (host) => {
    const resolved = resolveTenant({ host });
    expect(resolved.tenant.id).toBe('waratah');
    expect(resolved).toMatchObject(defaultProduction);
  });

  it('survives a host that is not a string', () => {
    expect(resolveTenant({ host: undefined as unknown as string }).matched).toBe(false);
  });
});

describe('resolveIdentityHost', () => {
  it.each<[host: string, environment: Environment, clientId: string]>([
    ['auth.waratah.com.au', 'production', '5cc2641a-0f98-486d-91b8-2616d6e01e4b'],
    ['AUTH.waratah-staging.com.au:443', 'staging', '614317f2-5507-4db9-8f2f-a2bfc839b755'],
    ['auth.waratah-sandbox.com.au', 'sandbox', 'a54534a0-3f18-41ef-8c8e-ac9c296c117c'],
    ['portal.waratah-staging.com.au', 'staging', '614317f2-5507-4db9-8f2f-a2bfc839b755'],
  ])('serves %s as waratah %s, with its own client', (host, environment, clientId) => {
    expect(resolveIdentityHost({ host })).toMatchObject({
      tenant: { id: 'waratah' },
      environment,
      matched: true,
      envConfig: { fusionAuth: { clientId } },
    });
  });

  it('serves a local host and a portal domain as the tenant resolution does', () => {
    expect(resolveIdentityHost({ host: 'localhost:8080' })).toEqual(
      resolveTenant({ host: 'localhost:8080' }),
    );
    expect(resolveIdentityHost({ host: 'portal.moneypartner.com.au' })).toEqual(
      resolveTenant({ host: 'portal.moneypartner.com.au' }),
    );
  });

  it.each(['evil.example', 'auth.waratah.com.au.evil.example', 'waratah.com.au', '', 'a b'])(
    'serves no tenant on %j, a host nobody configured',
    (host) => {
      expect(resolveIdentityHost({ host })).toBeUndefined();
    },
  );
});

describe('resolveApiHost', () => {
  const generated = tenantIds.flatMap((id) =>
    environments.flatMap((environment) => {
      const envConfig = tenants[id].envConfig[environment];
      if (!envConfig) return [];
      return [
        { host: new URL(envConfig.api.hostUrl).host, id, environment, secondary: false },
        { host: new URL(envConfig.api.secondaryHostUrl).host, id, environment, secondary: true },
      ];
    }),
  );

  // Written out so that a typo in a tenant file fails here rather than being copied into the table above.
  const literal = [
    { host: 'api.waratah.com.au', id: 'waratah', environment: 'production', secondary: false },
    { host: 'api2.waratah-staging.com.au', id: 'waratah', environment: 'staging', secondary: true },
    { host: 'api.waratah-sandbox.com.au', id: 'waratah', environment: 'sandbox', secondary: false },
    { host: 'api.moneypartner.com.au', id: 'moneypartner', environment: 'production', secondary: false },
    { host: 'api2.moneypartner.com.au', id: 'moneypartner', environment: 'production', secondary: true },
    { host: 'api.staging.moneypartner.com.au', id: 'moneypartner', environment: 'staging', secondary: false },
    { host: 'api.sandbox.moneypartner.com.au', id: 'moneypartner', environment: 'sandbox', secondary: false },
    { host: 'api.staging.waratahlabs.com.au', id: 'waratahlabs', environment: 'staging', secondary: false },
    { host: 'api2.sandbox.waratahlabs.com.au', id: 'waratahlabs', environment: 'sandbox', secondary: true },
    { host: 'API.MoneyPartner.com.au:443', id: 'moneypartner', environment: 'production', secondary: false },
    { host: 'api.staging.waratahlabs.com.au.', id: 'waratahlabs', environment: 'staging', secondary: false },
  ] as const;

  it('covers every configured API host', () => {
    expect(generated).toHaveLength(2 * (3 + 3 + 2));
    expect(new Set(generated.map(({ host }) => host)).size).toBe(generated.length);
  });

  it.each([...literal, ...generated])(
    '$host → $id $environment (secondary: $secondary)',
    ({ host, id, environment, secondary }) => {
      const resolved = resolveApiHost(host);
      const envConfig = tenants[id].envConfig[environment];

      expect(resolved?.tenant.id).toBe(id);
      expect(resolved).toMatchObject({
        environment,
        apiBaseUrl: secondary ? envConfig?.api.secondaryHostUrl : envConfig?.api.hostUrl,
        isSecondaryDomain: secondary,
        isLocalHost: false,
        matched: true,
      });
      expect(resolved?.envConfig).toBe(envConfig);
      // The page resolution still claims no API host: no portal is served there.
      expect(resolveTenant({ host, protocol: 'https:' }).matched).toBe(false);
    },
  );

  it.each([
    'portal.moneypartner.com.au',
    'advisers.staging.waratahlabs.com.au',
    'localhost:8080',
    'moneypartner.localhost:8080',
    'api.moneypartner.localhost',
    'auth.waratah.com.au',
    'api.moneypartner.com.au.evil.example',
    'evil-api.moneypartner.com.au',
    'api.waratahlabs.com.au',
    'moneypartner.com.au',
    '',
    'a b',
    'x'.repeat(100_000),
  ])('names no environment for %j, which is no API host', (host) => {
    expect(resolveApiHost(host)).toBeUndefined();
  });
});

describe('portalOriginOfApiHost', () => {
  it("names every environment's portal for its API host, and the secondary portal for the secondary API host", () => {
    let checked = 0;
    for (const id of tenantIds) {
      for (const environment of environments) {
        const envConfig = tenants[id].envConfig[environment];
        if (!envConfig) continue;
        expect(portalOriginOfApiHost(new URL(envConfig.api.hostUrl).host)).toBe(
          `https://${envConfig.hostedDomain}`,
        );
        expect(portalOriginOfApiHost(new URL(envConfig.api.secondaryHostUrl).host)).toBe(
          `https://${envConfig.secondaryHostedDomain}`,
        );
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
    expect(portalOriginOfApiHost('API.Moneypartner.com.au:443')).toBe('https://portal.moneypartner.com.au');
  });

  it('names none for a portal host, a local host, an identity host or any other', () => {
    for (const host of [
      'portal.moneypartner.com.au',
      'localhost:8080',
      'moneypartner.localhost:8080',
      'auth.waratah.com.au',
      'api.moneypartner.com.au.evil.example',
      'evil.example',
      '',
      'a'.repeat(300),
    ]) {
      expect(portalOriginOfApiHost(host), host).toBeUndefined();
    }
  });
});

describe('signInServerOf', () => {
  it("names, for every host of an environment with a sign-in server, that server and the environment's tenant", () => {
    let checked = 0;
    for (const id of tenantIds) {
      for (const environment of environments) {
        const envConfig = tenants[id].envConfig[environment];
        const server = envConfig?.fusionAuth?.serverUrl;
        if (!envConfig || !server) continue;
        const { host, protocol } = new URL(server);
        for (const name of hostsOf(envConfig)) {
          expect(signInServerOf(name), `${id} ${environment} ${name}`).toEqual({
            tenantId: id,
            host,
            protocol,
          });
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3);
    expect(signInServerOf('API.Waratah.com.au:443')).toMatchObject({
      tenantId: 'waratah',
      host: 'auth.waratah.com.au',
    });
  });

  it('names none for a local host or a host nobody configured', () => {
    for (const host of ['localhost:8080', 'waratah.localhost:8080', 'evil.example', '', 'a'.repeat(300)]) {
      expect(signInServerOf(host), host).toBeUndefined();
    }
  });
});

describe('sharedCookieDomainOf', () => {
  const ssoEnvironments = tenantIds.flatMap((id) =>
    environments.flatMap((environment) => {
      const envConfig = tenants[id].envConfig[environment];
      return envConfig?.fusionAuth?.enabled ? [{ id, environment, envConfig }] : [];
    }),
  );
  const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

  it("gives every single sign-on environment a cookie domain over all its hosts, and no other's", () => {
    expect(ssoEnvironments.length).toBeGreaterThanOrEqual(3);
    for (const { id, environment, envConfig } of ssoEnvironments) {
      const domain = envConfig.cookieDomain ?? '';
      // A registrable domain at least (name.com.au), never a public suffix.
      expect(domain.split('.').length, `${id} ${environment}`).toBeGreaterThanOrEqual(3);
      for (const host of hostsOf(envConfig)) {
        expect(under(host, domain), `${id} ${environment}: ${host}`).toBe(true);
        expect(sharedCookieDomainOf(host), host).toBe(domain);
      }
      // No host of another environment, of any tenant, may sit under it: its servers would get
      // this environment's session (production's, on a staging host), and another single sign-on
      // environment would get cookies of the same names as its own and could not tell them apart.
      for (const otherId of tenantIds) {
        for (const otherEnvironment of environments) {
          const other = tenants[otherId].envConfig[otherEnvironment];
          if (!other || other === envConfig) continue;
          for (const host of hostsOf(other))
            expect(under(host, domain), `${id} ${environment} covers ${host}`).toBe(false);
        }
      }
    }
  });

  it('gives none to a local host, a password tenant, the bare domain or a host nobody configured', () => {
    expect(sharedCookieDomainOf('API.Waratah.com.au:443')).toBe('waratah.com.au');
    for (const host of [
      'localhost:8080',
      'waratah.localhost:8080',
      'moneypartner.localhost',
      'api.moneypartner.com.au',
      'portal.staging.waratahlabs.com.au',
      'waratah.com.au',
      'evil.waratah.com.au',
      'api.waratah.com.au.evil.example',
      '',
      'a'.repeat(300),
    ]) {
      expect(sharedCookieDomainOf(host), host).toBeUndefined();
    }
  });
});

describe('isLocalHost', () => {
  it.each([
    ['localhost', true],
    ['LocalHost', true],
    ['localhost.', true],
    ['moneypartner.localhost', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['::1', true],
    ['0.0.0.0', true],
    ['localhost.example.com', false],
    ['mylocalhost', false],
    ['portal.waratah.com.au', false],
    ['192.168.1.10', false],
    ['', false],
  ])('%s → %s', (hostname, expected) => {
    expect(isLocalHost(hostname)).toBe(expected);
  });
});
