import { tenants } from '@waratah/tenants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIntegrations } from './create-integrations.ts';
import { loadScript } from './load-script.ts';

const moneypartner = tenants.moneypartner;
const envConfig = moneypartner.envConfig.production ?? expect.fail('production');
const user = { id: 'u1', given_name: 'Ada', family_name: 'Lee' };

function integrations(options: { dsn?: string; appcuesId?: string; token?: string } = {}) {
  const load = vi.fn(async () => undefined);
  const created = createIntegrations({
    tenantConfig: { ...moneypartner, analyticsTokens: { test: '', production: options.token ?? '' } },
    environment: 'production',
    envConfig: { ...envConfig, appcuesId: options.appcuesId },
    errorReportingDsn: options.dsn,
    loadScript: load,
  });
  return { ...created, load };
}

afterEach(() => {
  for (const name of ['mixpanel', 'Appcues', 'Sentry']) Reflect.deleteProperty(globalThis, name);
});

describe('createIntegrations', () => {
  it('loads nothing and calls nowhere when nothing is configured', async () => {
    const { analytics, guidance, errorReporter, load } = integrations();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    analytics.track('Sign out');
    guidance.identify(user);
    errorReporter.report(new Error('boom'));
    await Promise.resolve();

    expect(load).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith(new Error('boom'));
  });

  it("tracks through the analytics service with the environment's token", async () => {
    const track = vi.fn();
    const init = vi.fn();
    const { analytics, load } = integrations({ token: 'prod-token' });
    Object.assign(globalThis, { mixpanel: { init, track } });

    analytics.track('Sign out', { tenant: 'moneypartner' });
    await vi.waitFor(() => expect(track).toHaveBeenCalledWith('Sign out', { tenant: 'moneypartner' }));
    expect(load).toHaveBeenCalledWith('https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js');
    expect(init).toHaveBeenCalledWith('prod-token', expect.any(Object));
  });

  it('loads the guidance script by id and identifies the user', async () => {
    const identify = vi.fn();
    Object.assign(globalThis, { Appcues: { identify } });
    const { guidance, load } = integrations({ appcuesId: '12345' });

    guidance.identify(user);

    await vi.waitFor(() =>
      expect(identify).toHaveBeenCalledWith('u1', { firstName: 'Ada', lastName: 'Lee' }),
    );
    expect(load).toHaveBeenCalledWith('https://fast.appcues.com/12345.js');
  });

  it('tags reported errors with tenant and environment', async () => {
    const init = vi.fn();
    const captureException = vi.fn();
    Object.assign(globalThis, { Sentry: { init, captureException } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { errorReporter } = integrations({ dsn: 'https://key@errors.example.test/1' });

    errorReporter.report(new Error('boom'));

    await vi.waitFor(() => expect(captureException).toHaveBeenCalledWith(new Error('boom')));
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        initialScope: { tags: { tenant: 'moneypartner', environment: 'production' } },
      }),
    );
  });
});

describe('loadScript', () => {
  it('raises an error naming the script when it fails to load', async () => {
    const loading = loadScript('https://fast.appcues.com/x.js');
    const script = document.head.querySelector('script[src="https://fast.appcues.com/x.js"]');
    script?.dispatchEvent(new Event('error'));

    await expect(loading).rejects.toThrow('The script https://fast.appcues.com/x.js could not be loaded');
    expect(document.head.querySelector('script[src="https://fast.appcues.com/x.js"]')).toBeNull();
  });
});
