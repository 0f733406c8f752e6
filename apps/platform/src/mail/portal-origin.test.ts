import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { portalOrigin } from './portal-origin.ts';

function requestOn(host: string, protocol: 'http' | 'https' = 'http'): FastifyRequest {
  const [hostname = '', port] = host.split(':');
  return { hostname, port: port ? Number(port) : null, protocol } as FastifyRequest;
}

describe('portalOrigin', () => {
  it("answers the page's own origin on a local host", () => {
    expect(portalOrigin(requestOn('moneypartner.localhost:8080'), 'moneypartner')).toBe(
      'http://moneypartner.localhost:8080',
    );
    expect(portalOrigin(requestOn('localhost:8080'), 'waratah')).toBe('http://localhost:8080');
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
});
