import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinOrWaited } from '../../../platform/src/testing/lock-wait.ts';
import { createIdentityService } from '../identity-service.ts';
import { registerIdentity } from '../register-identity.ts';
import { buildIdentityTestApp, type IdentityTestApp } from '../testing/identity-test-app.ts';
import { DatabaseAdapter } from './database-adapter.ts';
import { sweepIdentityStore } from './sweep-identity-store.ts';

describe('sweepIdentityStore', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  const rowIds = async (prefix: string) =>
    (
      await testApp.identityDb
        .selectFrom('identity_store')
        .select('id')
        .where('id', 'like', `${prefix}%`)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);

  async function storeRows(prefix: string, expired: number) {
    const past = new Date(Date.now() - 60_000);
    await testApp.identityDb
      .insertInto('identity_store')
      .values([
        ...Array.from({ length: expired }, (_, index) => ({
          model: index % 2 ? 'Interaction' : 'RefreshToken',
          id: `${prefix}expired-${String(index).padStart(3, '0')}`,
          payload: '{}',
          expires_at: past,
        })),
        { model: 'Session', id: `${prefix}live`, payload: '{}', expires_at: new Date(Date.now() + 60_000) },
        { model: 'Client', id: `${prefix}lasting`, payload: '{}', expires_at: null },
      ])
      .execute();
  }

  it('deletes the expired rows, a batch at a time, and leaves the live and lasting ones', async () => {
    await storeRows('sweep-a-', 25);
    expect(await sweepIdentityStore(testApp.identityDb, new Date(), 10)).toBe(25);
    expect(await rowIds('sweep-a-')).toEqual(['sweep-a-lasting', 'sweep-a-live']);
    expect(await sweepIdentityStore(testApp.identityDb)).toBe(0);
    // What the store found before the sweep is what it finds after.
    expect(await new DatabaseAdapter(testApp.identityDb, 'Session').find('sweep-a-live')).toEqual({});
  });

  // Needs a second connection: PGlite runs one statement at a time, so nothing holds a row while the
  // sweep runs.
  it.runIf(process.env.DATABASE_URL)(
    'skips the expired rows another transaction holds, without waiting, and leaves them to the next sweep',
    async () => {
      const db = testApp.identityDb;
      await storeRows('sweep-d-', 4);
      let waited = false;
      let left: string[] = [];
      // A password change ending other sign-ins (`endOtherSignIns`) deleting a grant's rows holds one.
      await db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('identity_store')
          .select('id')
          .where('model', '=', 'RefreshToken')
          .where('id', '=', 'sweep-d-expired-000')
          .forUpdate()
          .execute();
        waited = (await withinOrWaited(sweepIdentityStore(db), 300)) === 'waited';
        left = await rowIds('sweep-d-expired');
      });
      // Before 2026-12-02 the sweep waited for it.
      expect({ waited, left }).toEqual({ waited: false, left: ['sweep-d-expired-000'] });
      expect(await sweepIdentityStore(db)).toBe(1);
      expect(await rowIds('sweep-d-')).toEqual(['sweep-d-lasting', 'sweep-d-live']);
    },
  );

  it('sweeps on its interval while the identity runs, and not after it closes', async () => {
    const app = Fastify();
    const identity = createIdentityService({ db: testApp.database.db });
    await app.register(registerIdentity, { identity, sweepIntervalMs: 20 });
    await app.ready();
    await storeRows('sweep-b-', 3);
    const deadline = Date.now() + 5_000;
    while ((await rowIds('sweep-b-expired')).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await rowIds('sweep-b-')).toEqual(['sweep-b-lasting', 'sweep-b-live']);
    await app.close();
    await storeRows('sweep-c-', 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rowIds('sweep-c-expired')).toEqual(['sweep-c-expired-000']);
  });
});
