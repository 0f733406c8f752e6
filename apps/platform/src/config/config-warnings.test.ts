import { describe, expect, it } from 'vitest';
import { configWarnings } from './config-warnings.ts';
import { loadConfig } from './env.ts';

describe('configWarnings', () => {
  it('says nothing outside production, or in production behind a named proxy without development tools', () => {
    expect(configWarnings(loadConfig({}))).toEqual([]);
    expect(configWarnings(loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'on' }))).toEqual([]);
    expect(configWarnings(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.0/8' }))).toEqual([]);
  });

  it('warns of production without TRUST_PROXY: cookies not Secure, one limit for everyone behind the proxy', () => {
    const [warning, ...rest] = configWarnings(loadConfig({ NODE_ENV: 'production' }));
    expect(rest).toEqual([]);
    expect(warning).toMatch(/^TRUST_PROXY is not set with NODE_ENV=production\./);
    expect(warning).toContain('cookies are not marked Secure');
  });

  it('warns of the development tools (on by default outside production) on an address others may reach', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(configWarnings(loadConfig({ HOST: host })), host).toEqual([]);
    expect(configWarnings(loadConfig({ HOST: '0.0.0.0', DEV_TOOLS: 'off' }))).toEqual([]);
    expect(configWarnings(loadConfig({ HOST: '0.0.0.0' }))).toEqual([
      expect.stringMatching(
        /^The development tools are on \(NODE_ENV=development\) and the server listens on HOST=0\.0\.0\.0, .*\/dev\/mailbox.*NODE_ENV=production, or DEV_TOOLS=off\.$/,
      ),
    ]);
  });

  it('warns of the demo data switched on in production', () => {
    const warnings = configWarnings(
      loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'loopback', DEMO_DATA: 'on' }),
    );
    expect(warnings).toEqual([
      expect.stringMatching(/^DEMO_DATA=on with NODE_ENV=production: .*published passwords/),
    ]);
  });

  it('warns of the development tools switched on in production', () => {
    const warnings = configWarnings(
      loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'loopback', DEV_TOOLS: 'on' }),
    );
    expect(warnings).toEqual([
      expect.stringMatching(/^DEV_TOOLS=on with NODE_ENV=production: .*control endpoints/),
    ]);
  });

  it('warns of local hosts taken in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'loopback', LOCAL_HOSTS: 'on' });
    expect(config.localHosts).toBe(true);
    expect(configWarnings(config)).toEqual([
      expect.stringMatching(/^LOCAL_HOSTS=on with NODE_ENV=production: /),
    ]);
    expect(loadConfig({ NODE_ENV: 'production' }).localHosts).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).localHosts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', LOCAL_HOSTS: 'off' }).localHosts).toBe(false);
  });
});
