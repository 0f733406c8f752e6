import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';

describe('changing a client’s shared details', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it.runIf(process.env.DATABASE_URL)(
    'holds the consent it changes the client under: a withdrawal waits until the change commits',
    async () => {
      const fixture = await signedInAdviserWithClient(testApp.app);
      const db = testApp.database.db;
      let releaseClient!: () => void;
      const clientReleased = new Promise<void>((resolve) => {
        releaseClient = resolve;
      });
      let clientHeld!: () => void;
      const clientIsHeld = new Promise<void>((resolve) => {
        clientHeld = resolve;
      });
      // Another change of the client holds its row: the adviser's change checks its right, then waits.
      const holder = db.transaction().execute(async (trx) => {
        await trx.selectFrom('clients').select('id').where('id', '=', fixture.clientId).forUpdate().execute();
        clientHeld();
        await clientReleased;
      });
      await clientIsHeld;
      const change = testApp.app.inject({
        method: 'PUT',
        url: `/api/adviser/users/${fixture.clientId}`,
        headers: fixture.adviser.headers,
        payload: { given_name: 'Renamed' },
      });
      await expect
        .poll(
          async () =>
            (
              await sql<{ waiting: number }>`
                select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
            ).rows[0]?.waiting,
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      // The client withdraws meanwhile. Before 2026-12-02 the withdrawal committed at once and the
      // change was written after it, in the name of a practice with no consent any more.
      const withdrawal = db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '500ms'`.execute(trx);
        await trx
          .updateTable('client_links')
          .set({ consent_status: 'withdrawn' })
          .where('client_id', '=', fixture.clientId)
          .where('external_party_id', '=', fixture.partyId)
          .execute();
      });
      try {
        await expect(withdrawal).rejects.toMatchObject({ code: '55P03' });
      } finally {
        releaseClient();
        await holder;
      }
      expect((await change).statusCode).toBe(200);
    },
  );
});
