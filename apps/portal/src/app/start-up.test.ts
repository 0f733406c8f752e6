import { tenants, themeCssVariables } from '@waratah/tenants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { version } from '../../package.json';
import { getAppConfig } from '../lib/app-config/get-app-config.ts';
import { buildAdminUserDetails } from '../testing/build-admin-user-details.ts';
import { adminUserDetailsRoute, appConfigRoute, createFakeApi, json } from '../testing/fake-api.ts';
import { type StartedPortal, startUp } from './start-up.ts';

const moneypartner = tenants.moneypartner;

/** Any call shows what the client sends; the app config is the one every tenant answers. */
async function callApi(portal: StartedPortal) {
  await getAppConfig(portal.apiClient);
}

describe('startUp', () => {
  it("dresses the page in the host's tenant: colours, font family, favicon and data-tenant", async () => {
    await startUp({ location: { host: 'moneypartner.localhost:8080', protocol: 'http:' } });

    const root = document.documentElement;
    for (const [name, value] of Object.entries(themeCssVariables(moneypartner.theme))) {
      expect(root.style.getPropertyValue(name)).toBe(value);
    }
    expect(root.style.getPropertyValue('--tenant-primary')).toBe('#1a6b40');
    expect(root.dataset.tenant).toBe('moneypartner');
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute(
      'href',
      moneypartner.assets.faviconUrl,
    );
    expect(document.title).toBe('MoneyPartner Adviser Portal');
  });

  it('replaces the neutral favicon rather than adding a second one', async () => {
    const neutral = document.createElement('link');
    neutral.rel = 'icon';
    neutral.href = 'data:,';
    document.head.append(neutral);

    await startUp({ location: { host: 'waratahlabs.localhost:8080', protocol: 'http:' } });

    const icons = document.head.querySelectorAll('link[rel="icon"]');
    expect(icons).toHaveLength(1);
    expect(icons[0]).toHaveAttribute('href', tenants.waratahlabs.assets.faviconUrl);
  });

  it('stores the tenant, its environment and resolved config in the app state', async () => {
    const portal = await startUp({ location: { host: 'moneypartner.localhost:8080', protocol: 'http:' } });

    expect(portal.appStore.getState()).toMatchObject({
      tenant: 'moneypartner',
      tenantConfig: moneypartner,
      environment: 'production',
      envConfig: { oauth: moneypartner.envConfig.production?.oauth },
      appConfig: null,
      userDetails: null,
      authProviderUser: null,
    });
  });

  it("sets the client up with the portal's API version and bundle id, the SDK's software and device versions, and the page's own origin on a local host", async () => {
    const api = createFakeApi();
    const portal = await startUp({
      location: { host: 'moneypartner.localhost:8080', protocol: 'http:' },
      fetch: api.fetch,
    });

    await callApi(portal);

    const [request] = api.requestsTo(appConfigRoute);
    expect(request?.url.origin).toBe('http://moneypartner.localhost:8080');
    expect(request?.headers.get('X-Api-Version')).toBe('2.30');
    expect(request?.headers.get('X-Bundle-Id')).toBe(`waratah-adviser-portal@${version}`);
    // Spec §7: the library defaults, not overridden at start-up.
    expect(request?.headers.get('X-Software-Version')).toBe('V2.00');
    expect(request?.headers.get('X-Device-Version')).toBe('web2.0.0');
  });

  it('sends a stored bearer token for a password tenant', async () => {
    window.localStorage.setItem('waratah.accessToken', 'stored-token');
    const api = createFakeApi();
    const portal = await startUp({ location: { host: 'moneypartner.localhost:8080' }, fetch: api.fetch });

    await callApi(portal);

    const [request] = api.requestsTo(appConfigRoute);
    expect(request?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(request?.headers.has('X-Tenant-Id')).toBe(false);
  });

  it('names the tenant instead of sending a token for the single sign-on tenant', async () => {
    window.localStorage.setItem('waratah.accessToken', 'stored-token');
    const api = createFakeApi();
    const portal = await startUp({ location: { host: 'localhost:8080' }, fetch: api.fetch });

    await callApi(portal);

    const [request] = api.requestsTo(appConfigRoute);
    expect(request?.headers.get('X-Tenant-Id')).toBe('waratah');
    expect(request?.headers.has('Authorization')).toBe(false);
    expect(request?.headers.get('X-Software-Version')).toBe('V2.00');
    expect(request?.headers.get('X-Device-Version')).toBe('web2.0.0');
  });

  it("sets up the provider's client for the single sign-on tenant only", async () => {
    const waratah = await startUp({ location: { host: 'localhost:8080', protocol: 'http:' } });
    const moneypartner = await startUp({ location: { host: 'moneypartner.localhost:8080' } });

    expect(waratah.sso?.setup).toMatchObject({
      serverUrl: 'http://localhost:8080',
      redirectUri: 'http://localhost:8080/auth-callback',
      scope: 'openid email profile offline_access adviser',
    });
    expect(moneypartner.sso).toBeNull();
  });

  describe("the signed-in adviser's details, asked for beside the app config", () => {
    const withDetails = () =>
      createFakeApi({ [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails() }) });

    it('are asked for with the stored token of a password tenant and handed to the guard once', async () => {
      window.localStorage.setItem('waratah.accessToken', 'stored-token');
      const api = withDetails();
      const portal = await startUp({ location: { host: 'moneypartner.localhost:8080' }, fetch: api.fetch });

      await vi.waitFor(() => expect(api.requestsTo(adminUserDetailsRoute)).toHaveLength(1));
      expect(api.requestsTo(adminUserDetailsRoute)[0]?.headers.get('Authorization')).toBe(
        'Bearer stored-token',
      );
      await expect(portal.session.firstAdminUserDetails.take()).resolves.toMatchObject({
        id: '41',
        external_party: { id: '7', status: 'enabled' },
      });
      expect(portal.session.firstAdminUserDetails.take()).toBeUndefined();
    });

    it('are not asked for without a session, nor by the single sign-on tenant', async () => {
      const api = withDetails();
      const signedOut = await startUp({
        location: { host: 'moneypartner.localhost:8080' },
        fetch: api.fetch,
      });
      window.localStorage.setItem('waratah.accessToken', 'stored-token');
      const sso = await startUp({ location: { host: 'localhost:8080' }, fetch: api.fetch });
      await getAppConfig(sso.apiClient);

      expect(api.requestsTo(adminUserDetailsRoute)).toHaveLength(0);
      expect(signedOut.session.firstAdminUserDetails.take()).toBeUndefined();
      expect(sso.session.firstAdminUserDetails.take()).toBeUndefined();
    });

    it('are dropped when someone signs in or out before a page takes them', async () => {
      window.localStorage.setItem('waratah.accessToken', 'stored-token');
      const portal = await startUp({
        location: { host: 'moneypartner.localhost:8080' },
        fetch: withDetails().fetch,
      });

      portal.session.passwordSession.store({ access_token: 'another-adviser', expires_in: 600 });

      expect(portal.session.firstAdminUserDetails.take()).toBeUndefined();
    });
  });

  describe('the tenant font', () => {
    // jsdom's page outlives this file (the worker's next files share it): take the stub away.
    afterEach(() => {
      Reflect.deleteProperty(document, 'fonts');
    });

    function stubFonts(load: () => Promise<unknown>) {
      const added: { family: string; source: string }[] = [];
      vi.stubGlobal(
        'FontFace',
        class {
          constructor(
            readonly family: string,
            readonly source: string,
          ) {}
          load = load;
        },
      );
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { add: (face: { family: string; source: string }) => added.push(face) },
      });
      return added;
    }

    it('is loaded from the tenant font file under its first family name', async () => {
      const added = stubFonts(() => Promise.resolve());

      await startUp({ location: { host: 'moneypartner.localhost:8080' } });

      expect(added).toEqual([
        expect.objectContaining({
          family: 'Nunito Sans',
          source: `url("${moneypartner.theme.fontUrl}") format("woff2")`,
        }),
      ]);
    });

    it('is reported when it fails, and start-up carries on', async () => {
      stubFonts(() => Promise.reject(new Error('404')));
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

      await expect(startUp({ location: { host: 'moneypartner.localhost:8080' } })).resolves.toBeDefined();

      expect(consoleError).toHaveBeenCalledWith(
        expect.stringContaining('could not be loaded'),
        expect.any(Error),
      );
    });

    it('holds start-up no longer than the timeout', async () => {
      stubFonts(() => new Promise(() => undefined));

      await expect(
        startUp({ location: { host: 'moneypartner.localhost:8080' }, fontTimeoutMs: 10 }),
      ).resolves.toBeDefined();
    });
  });
});
