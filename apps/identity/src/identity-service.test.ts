import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDatabase } from '../../platform/src/db/platform-database.ts';
import { createTestDatabase } from '../../platform/src/testing/test-database.ts';
import { createIdentityService } from './identity-service.ts';

describe('the tenant identity a host reaches', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const localHosts = ['waratah.localhost:3000', 'localhost:8080', '127.0.0.1:8080', 'nosuch.localhost'];

  it('is the named tenant’s on a local host, where they are taken (the default)', async () => {
    const identity = createIdentityService({ db: database.db });
    for (const host of localHosts) {
      const found = await identity.tenantIdentity({ host, protocol: 'http:' });
      expect(found, host).toMatchObject({
        tenant: { id: 'waratah' },
        origin: `http://${host}`,
        portalOrigin: `http://${host}`,
      });
    }
  });

  it('is none on a local host where they are not (production), so no link is built from one', async () => {
    const identity = createIdentityService({ db: database.db, localHosts: false });
    for (const host of localHosts)
      for (const protocol of ['http:', 'https:'])
        expect(await identity.tenantIdentity({ host, protocol }), `${protocol}//${host}`).toBeUndefined();
    // A configured host still is the tenant environment's, its links on configured origins.
    expect(await identity.tenantIdentity({ host: 'auth.waratah.com.au', protocol: 'https:' })).toMatchObject({
      tenant: { id: 'waratah' },
      environment: 'production',
      origin: 'https://auth.waratah.com.au',
      portalOrigin: 'https://portal.waratah.com.au',
    });
  });

  it("links a portal's host to that portal's configured origin, whatever port the Host named", async () => {
    const identity = createIdentityService({ db: database.db, localHosts: false });
    for (const host of ['advisers.waratah.com.au:8443', 'ADVISERS.waratah.com.au', 'advisers.waratah.com.au'])
      expect(await identity.tenantIdentity({ host, protocol: 'https:' }), host).toMatchObject({
        portalOrigin: 'https://advisers.waratah.com.au',
      });
  });
});
