import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformConfig } from '../config/env.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createTestAdviser } from '../testing/create-test-adviser.ts';
import { accountMailSettled, latestMail } from '../testing/latest-mail.ts';
import { portalOrigin } from './portal-origin.ts';

function requestOn(
  host: string,
  protocol: 'http' | 'https' = 'http',
  nodeEnv?: PlatformConfig['nodeEnv'],
): FastifyRequest {
  const [hostname = '', port] = host.split(':');
  const server = nodeEnv && { config: { nodeEnv } };
  return { hostname, port: port ? Number(port) : null, protocol, server } as FastifyRequest;
}

describe('portalOrigin', () => {
  it("answers the page's own origin on a local host", () => {
    expect(portalOrigin(requestOn('moneypartner.localhost:8080'), 'moneypartner')).toBe(
      'http://moneypartner.localhost:8080',
    );
    expect(portalOrigin(requestOn('localhost:8080'), 'waratah')).toBe('http://localhost:8080');
    expect(portalOrigin(requestOn('waratah.localhost:3000', 'http', 'development'), 'waratah')).toBe(
      'http://waratah.localhost:3000',
    );
  });

  it("answers the tenant's own local host when the request named another tenant", () => {
    expect(portalOrigin(requestOn('localhost:8080'), 'waratahlabs')).toBe(
      'http://waratahlabs.localhost:8080',
    );
    expect(portalOrigin(requestOn('moneypartner.localhost:8080'), 'waratah')).toBe('http://localhost:8080');
  });

  it('answers the hosted domain of the environment whose portal or API host was used', () => {
    expect(portalOrigin(requestOn('api.staging.moneypartner.com.au', 'https'), 'moneypartner')).toBe(
      'https://portal.staging.moneypartner.com.au',
    );
    expect(portalOrigin(requestOn('api2.sandbox.moneypartner.com.au', 'https'), 'moneypartner')).toBe(
      'https://advisers.sandbox.moneypartner.com.au',
    );
  });

  it("answers only a configured origin on a production server, a local host's request too", () => {
    const production = (host: string, tenant: 'waratah' | 'moneypartner' | 'waratahlabs') =>
      portalOrigin(requestOn(host, 'http', 'production'), tenant);
    expect(production('waratah.localhost:3000', 'waratah')).toBe('https://portal.waratah.com.au');
    expect(production('moneypartner.localhost:8080', 'moneypartner')).toBe(
      'https://portal.moneypartner.com.au',
    );
    expect(production('localhost', 'waratah')).toBe('https://portal.waratah.com.au');
    expect(production('127.0.0.1:8080', 'moneypartner')).toBe('https://portal.moneypartner.com.au');
    // Labs has no production: its first environment's portal.
    expect(production('waratahlabs.localhost', 'waratahlabs')).toBe(
      'https://portal.staging.waratahlabs.com.au',
    );
    // A host nobody configured is never the link's.
    expect(production('evil.example', 'waratah')).toBe('https://portal.waratah.com.au');
    // Still the environment whose host the request came through.
    expect(production('api2.staging.moneypartner.com.au', 'moneypartner')).toBe(
      'https://advisers.staging.moneypartner.com.au',
    );
  });
});

describe('a reset link asked for on a production server through a local host', () => {
  let testApp: TestApp;
  const email = 'reset.in.production@example.test';

  beforeAll(async () => {
    testApp = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        // The mailbox, to read the link; and the bank-token key production wants on PostgreSQL.
        DEV_TOOLS: 'on',
        HOLDER_TOKEN_KEY: randomBytes(32).toString('hex'),
      },
    });
    await createTestAdviser(testApp.database.db, {
      tenantId: 'moneypartner',
      email,
      password: 'Blue-Mountains-Walk-2030',
      practiceStatus: null,
    });
  });
  afterAll(() => testApp.close());

  it("links to the tenant's configured portal, not to the Host the request named", async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset',
      headers: { host: 'moneypartner.localhost:8080', 'x-tenant-id': 'moneypartner' },
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    await accountMailSettled(testApp.app);
    const mail = await latestMail(testApp.app, email);
    expect(mail?.subject).toBe('Reset your MoneyPartner password');
    expect(mail?.links[0]?.url).toMatch(
      /^https:\/\/portal\.moneypartner\.com\.au\/set-password\?reset_password_token=[\w-]{43}$/,
    );
  });
});
