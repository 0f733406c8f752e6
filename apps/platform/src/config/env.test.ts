import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/config-error.ts';
import { loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('applies the defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve(process.cwd(), 'data'),
      databaseUrl: undefined,
      nodeEnv: 'development',
      logLevel: 'info',
    });
    expect(config.portalDist).toMatch(/apps[\\/]portal[\\/]dist$/);
  });

  it('reads every variable and resolves paths against the working directory', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: 'var/db',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/waratah',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORTAL_DIST: '/srv/portal',
      GALLERY_DIST: '/srv/gallery',
    });
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve(process.cwd(), 'var/db'),
      databaseUrl: 'postgresql://app:secret@db.internal:5432/waratah',
      nodeEnv: 'production',
      logLevel: 'warn',
      portalDist: '/srv/portal',
      galleryDist: '/srv/gallery',
      devTools: false,
      smtpUrl: undefined,
      mailFrom: 'Waratah <no-reply@waratah.localhost>',
    });
  });

  it('keeps the development tools off in production unless asked for', () => {
    expect(loadConfig({}).devTools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'on' }).devTools).toBe(true);
    expect(loadConfig({ DEV_TOOLS: 'off' }).devTools).toBe(false);
    expect(captureConfigError({ DEV_TOOLS: 'yes' }).message).toContain('DEV_TOOLS: must be on or off');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('lists every invalid variable by name with the reason', () => {
    const error = captureConfigError({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root@localhost/db',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
    });
    expect(error.message).toBe(
      [
        'Invalid configuration:',
        '- PORT: must be a whole number from 0 to 65535',
        '- DATABASE_URL: must be a postgres:// or postgresql:// URL with a host',
        '- NODE_ENV: must be one of development, test, production',
        '- LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
      ].join('\n'),
    );
  });

  it('rejects a port out of range and a database URL that is not a URL', () => {
    const error = captureConfigError({ PORT: '70000', DATABASE_URL: 'localhost:5432' });
    expect(error.problems).toEqual([
      'PORT: must be a whole number from 0 to 65535',
      'DATABASE_URL: must be a postgres:// or postgresql:// URL with a host',
    ]);
  });
});

function captureConfigError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
