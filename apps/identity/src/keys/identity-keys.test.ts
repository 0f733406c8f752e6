import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityService } from '../identity-service.ts';
import { buildIdentityTestApp, type IdentityTestApp } from '../testing/identity-test-app.ts';
import { loadIdentityKeys, publicJwks } from './identity-keys.ts';

describe('identity keys', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  it('generates the keys once and keeps them in the database', async () => {
    const first = await loadIdentityKeys(testApp.identityDb);
    const again = await loadIdentityKeys(testApp.identityDb);
    expect(first.signing).toHaveLength(1);
    expect(first.cookie).toHaveLength(1);
    expect(again).toEqual(first);
    expect(first.signing[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', d: expect.any(String) });
  });

  it('publishes only the public half', async () => {
    const { keys } = publicJwks(await loadIdentityKeys(testApp.identityDb));
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('signs with the same kid after a restart', async () => {
    const location = { host: 'localhost:8080', protocol: 'http:' };
    const before = await createIdentityService({ db: testApp.database.db }).publicJwks();
    const restarted = createIdentityService({ db: testApp.database.db });
    await restarted.tenantIdentity(location);
    expect((await restarted.publicJwks()).keys[0]?.kid).toBe(before.keys[0]?.kid);
    const jwks = await testApp.app.inject({ url: '/oauth2/jwks', headers: { host: location.host } });
    expect(jwks.json().keys[0].kid).toBe(before.keys[0]?.kid);
  });

  it('gives instances starting at once on a new database the same keys', async () => {
    // As on a database no instance has started on yet (this test app's service has read its keys).
    await testApp.identityDb.deleteFrom('identity_keys').execute();
    const starts = await Promise.all(Array.from({ length: 4 }, () => loadIdentityKeys(testApp.identityDb)));
    const [first] = starts;
    expect(first?.signing).toHaveLength(1);
    expect(first?.cookie).toHaveLength(1);
    for (const keys of starts) expect(keys).toEqual(first);
    expect(await testApp.identityDb.selectFrom('identity_keys').select('kid').execute()).toHaveLength(2);
  });
});
