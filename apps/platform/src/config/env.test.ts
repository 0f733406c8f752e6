import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/config-error.ts';
import { loadConfig, platformStartProblems } from './env.ts';

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
      ANSWER_CACHE_MB: '16',
      REQUEST_TIMEOUT_SECONDS: '120',
      SCHEDULED_JOBS: 'off',
      HOLDER_TOKEN_KEY: 'ab'.repeat(32),
    });
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve(process.cwd(), 'var/db'),
      databaseUrl: 'postgresql://app:secret@db.internal:5432/waratah',
      databasePreparedStatements: true,
      pgliteWorker: false,
      nodeEnv: 'production',
      logLevel: 'warn',
      portalDist: '/srv/portal',
      galleryDist: '/srv/gallery',
      devTools: false,
      localHosts: false,
      responseChecks: false,
      demoData: false,
      answerCacheBytes: 16 * 1024 * 1024,
      statementGroups: true,
      scheduledJobs: false,
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: 'Waratah <no-reply@waratah.localhost>',
      authSettings: {},
      identityTokenLifetimes: { accessTokenSeconds: 900, refreshTokenSeconds: 30 * 24 * 3600 },
      // New files in the database; those of a folder written before a switch of store read from DATA_DIR.
      documentStorage: { kind: 'database', dir: resolve('var/db/documents') },
      holderTokenKey: Buffer.alloc(32, 0xab),
      requestTimeoutSeconds: 120,
      databaseStatementTimeoutSeconds: 30,
    });
  });

  it('stops a production server on PostgreSQL without HOLDER_TOKEN_KEY, naming the variable', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db.internal/waratah' };
    expect(platformStartProblems(loadConfig(production))).toEqual([
      'HOLDER_TOKEN_KEY: must be set in production with DATABASE_URL (32 bytes as base64 or hex, e.g. `openssl rand -base64 32`); it encrypts the stored bank tokens',
    ]);
    expect(platformStartProblems(loadConfig({ ...production, HOLDER_TOKEN_KEY: '' }))).toHaveLength(1);
    // Given, or another case: the embedded database, or not production, may use the key file in DATA_DIR.
    expect(platformStartProblems(loadConfig({ ...production, HOLDER_TOKEN_KEY: 'ab'.repeat(32) }))).toEqual(
      [],
    );
    expect(platformStartProblems(loadConfig({ NODE_ENV: 'production' }))).toEqual([]);
    expect(platformStartProblems(loadConfig({ ...production, NODE_ENV: 'development' }))).toEqual([]);
    // The standalone identity and the seed read the same configuration and open no bank token: not
    // theirs to refuse (review 156: the identity on PostgreSQL in production stopped without it).
    expect(loadConfig(production).holderTokenKey).toBeUndefined();
  });

  it("bounds a request's arrival at Node's own 300 s unless REQUEST_TIMEOUT_SECONDS says otherwise", () => {
    expect(loadConfig({}).requestTimeoutSeconds).toBe(300);
    for (const value of ['0', '3601', '1.5', 'soon']) {
      expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: value }), value).toThrow(
        /REQUEST_TIMEOUT_SECONDS: must be a whole number from 1 to 3600/,
      );
    }
  });

  it('believes the forwarded headers of the proxies TRUST_PROXY names, and of no one by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::1' }).trustProxy).toBe(
      'loopback,10.0.0.0/8,2001:db8::1',
    );
    for (const value of ['1', 'true', '10.0.0.0/33', '10.0.0.256', 'loopback,', 'everyone'])
      expect(captureConfigError({ TRUST_PROXY: value }).message, value).toContain(
        'TRUST_PROXY: must be IP addresses and CIDR ranges',
      );
  });

  it('keeps the development tools off in production unless asked for', () => {
    expect(loadConfig({}).devTools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'on' }).devTools).toBe(true);
    expect(loadConfig({ DEV_TOOLS: 'off' }).devTools).toBe(false);
    expect(loadConfig({}).localHosts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).localHosts).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LOCAL_HOSTS: 'on' }).localHosts).toBe(true);
    expect(captureConfigError({ DEV_TOOLS: 'yes' }).message).toContain('DEV_TOOLS: must be on or off');
  });

  it('writes the demo data except in production unless asked for', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'on' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'off' }).demoData).toBe(false);
    expect(captureConfigError({ DEMO_DATA: 'yes' }).message).toContain('DEMO_DATA: must be on or off');
  });

  it('checks every answer against its contract except in production unless asked for', () => {
    expect(loadConfig({}).responseChecks).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).responseChecks).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).responseChecks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', RESPONSE_CHECKS: 'on' }).responseChecks).toBe(true);
    expect(captureConfigError({ RESPONSE_CHECKS: 'yes' }).message).toContain(
      'RESPONSE_CHECKS: must be on or off',
    );
  });

  it('queues the scheduled sweeps unless SCHEDULED_JOBS=off', () => {
    expect(loadConfig({}).scheduledJobs).toBe(true);
    expect(loadConfig({ SCHEDULED_JOBS: 'off' }).scheduledJobs).toBe(false);
    expect(captureConfigError({ SCHEDULED_JOBS: 'maybe' }).message).toContain(
      'SCHEDULED_JOBS: must be on or off',
    );
  });

  it('shares the access statements of waiting requests unless STATEMENT_GROUPS=off', () => {
    expect(loadConfig({}).statementGroups).toBe(true);
    expect(loadConfig({ STATEMENT_GROUPS: 'off' }).statementGroups).toBe(false);
    expect(captureConfigError({ STATEMENT_GROUPS: 'no' }).message).toContain(
      'STATEMENT_GROUPS: must be on or off',
    );
  });

  it('keeps 64 MB of answers by default; ANSWER_CACHE_MB=0 keeps none, a negative or fractional size is refused', () => {
    expect(loadConfig({}).answerCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ ANSWER_CACHE_MB: '0' }).answerCacheBytes).toBe(0);
    for (const wrong of ['-1', '1.5', 'lots', '5000']) {
      expect(() => loadConfig({ ANSWER_CACHE_MB: wrong })).toThrow(
        /ANSWER_CACHE_MB: must be a whole number from 0 to 4096/,
      );
    }
  });

  it('prepares PostgreSQL statements unless DATABASE_PREPARED_STATEMENTS=off', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(false);
    expect(captureConfigError({ DATABASE_PREPARED_STATEMENTS: 'no' }).message).toContain(
      'DATABASE_PREPARED_STATEMENTS: must be on or off',
    );
  });

  it('runs the embedded database on the main thread unless PGLITE_WORKER=on', () => {
    expect(loadConfig({}).pgliteWorker).toBe(false);
    expect(loadConfig({ PGLITE_WORKER: 'on' }).pgliteWorker).toBe(true);
    expect(loadConfig({ PGLITE_WORKER: 'off' }).pgliteWorker).toBe(false);
    expect(captureConfigError({ PGLITE_WORKER: 'main' }).message).toContain(
      'PGLITE_WORKER: must be on or off',
    );
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

  it('reads the credential lifetimes and sign-in limits (AUTH_…, IDENTITY_…)', () => {
    const config = loadConfig({
      AUTH_ACCESS_TOKEN_TTL_SECONDS: '900',
      AUTH_REFRESH_TOKEN_TTL_SECONDS: '86400',
      AUTH_RESET_LINK_TTL_SECONDS: '1800',
      AUTH_INVITATION_LINK_TTL_SECONDS: '172800',
      AUTH_VERIFICATION_CODE_TTL_SECONDS: '600',
      AUTH_VERIFICATION_CODE_ATTEMPTS: '3',
      AUTH_SIGN_IN_FAILURES_PER_ACCOUNT: '20',
      AUTH_SIGN_IN_FAILURES_PER_IP: '200',
      AUTH_MAILS_PER_ADDRESS: '5',
      AUTH_MAILS_PER_IP: '50',
      IDENTITY_ACCESS_TOKEN_TTL_SECONDS: '300',
      IDENTITY_REFRESH_TOKEN_TTL_SECONDS: '604800',
    });
    expect(config.authSettings).toEqual({
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 86400,
      resetTokenTtlSeconds: 1800,
      invitationTokenTtlSeconds: 172800,
      verificationCodeTtlSeconds: 600,
      verificationCodeAttempts: 3,
      signInFailuresPerAccount: 20,
      signInFailuresPerIp: 200,
      mailsPerAddress: 5,
      mailsPerIp: 50,
    });
    expect(config.identityTokenLifetimes).toEqual({ accessTokenSeconds: 300, refreshTokenSeconds: 604800 });
  });

  it('refuses lifetimes and limits out of range, naming each variable', () => {
    expect(
      captureConfigError({
        AUTH_ACCESS_TOKEN_TTL_SECONDS: '30',
        AUTH_SIGN_IN_FAILURES_PER_ACCOUNT: '500',
        AUTH_RESET_LINK_TTL_SECONDS: 'an hour',
        IDENTITY_ACCESS_TOKEN_TTL_SECONDS: '1.5',
      }).problems,
    ).toEqual([
      'AUTH_ACCESS_TOKEN_TTL_SECONDS: must be a whole number from 60 to 86400',
      'AUTH_RESET_LINK_TTL_SECONDS: must be a whole number from 1 to 604800',
      'AUTH_SIGN_IN_FAILURES_PER_ACCOUNT: must be a whole number from 1 to 100',
      'IDENTITY_ACCESS_TOKEN_TTL_SECONDS: must be a whole number from 60 to 86400',
    ]);
  });

  it('refuses a refresh token that would expire before its access token', () => {
    expect(
      captureConfigError({
        AUTH_ACCESS_TOKEN_TTL_SECONDS: '7200',
        AUTH_REFRESH_TOKEN_TTL_SECONDS: '3600',
        IDENTITY_REFRESH_TOKEN_TTL_SECONDS: '600',
        IDENTITY_ACCESS_TOKEN_TTL_SECONDS: '900',
      }).problems,
    ).toEqual([
      'AUTH_REFRESH_TOKEN_TTL_SECONDS: must be longer than AUTH_ACCESS_TOKEN_TTL_SECONDS (7200 s)',
      'IDENTITY_REFRESH_TOKEN_TTL_SECONDS: must be longer than IDENTITY_ACCESS_TOKEN_TTL_SECONDS (900 s)',
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
