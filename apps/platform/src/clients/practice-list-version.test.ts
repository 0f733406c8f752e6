import type { TenantId } from '@waratah/tenants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTokenSecret } from '../auth/tokens/token-secret.ts';
import type { TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
import {
  type AdviserWithClient,
  twoAdvisersWithAClientEach,
} from '../testing/signed-in-adviser-with-client.ts';
import { statementPlans, varyingGroupSizes } from '../testing/statement-plans.ts';
import { writeTestClient } from '../testing/write-test-client.ts';
import { createPracticeListVersions } from './practice-list-version.ts';

type Fixture = AdviserWithClient;

interface ListedClient {
  id: number;
  given_name: string;
  consent: { status: string } | null;
  last_refreshed: string | null;
  needs_action_count: number;
}

describe('the client list kept under its practice’s list version', () => {
  let testApp: TestApp;
  let fixture: Fixture;
  let other: Fixture;

  beforeAll(async () => {
    ({ testApp, fixture, other } = await twoAdvisersWithAClientEach());
  });
  afterAll(() => testApp.close());

  const db = () => testApp.app.database.db;
  const listOf = async (headers = fixture.adviser.headers, url = '/api/adviser/users?size=50') => {
    const response = await testApp.app.inject({ url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: ListedClient[]; paging: { total: number } };
  };
  const row = async (clientId = fixture.clientId) => {
    const found = (await listOf()).data.find((client) => client.id === clientId);
    if (!found) throw new Error(`client ${clientId} is not listed`);
    return found;
  };
  const versionOf = async (partyId: number) => {
    const { rows } = await sql<{ version: string }>`
      select version::text from practice_list_versions where external_party_id = ${partyId}`.execute(db());
    return BigInt(rows[0]?.version ?? 0);
  };
  const stats = () => testApp.app.clientAnswers.stats();

  it('answers the list again from memory while nothing it shows changed', async () => {
    const first = await testApp.app.inject({ url: '/api/adviser/users', headers: fixture.adviser.headers });
    const before = stats();
    const kept = await testApp.app.inject({ url: '/api/adviser/users', headers: fixture.adviser.headers });
    expect(kept.body).toBe(first.body);
    expect(kept.headers['content-type']).toBe(first.headers['content-type']);
    expect(stats()).toMatchObject({ hits: before.hits + 1, misses: before.misses });
  });

  it('shows a client’s new name, consent and refresh state, however they were written', async () => {
    await listOf();
    await sql`update clients set given_name = 'Renamed' where id = ${fixture.clientId}`.execute(db());
    expect((await row()).given_name).toBe('Renamed');
    await sql`update client_links set consent_status = 'withdrawn' where client_id = ${fixture.clientId}`.execute(
      db(),
    );
    expect((await row()).consent?.status).toBe('withdrawn');
    await sql`update client_links set consent_status = 'active' where client_id = ${fixture.clientId}`.execute(
      db(),
    );
    await sql`
      update provider_accounts set last_refreshed = '2026-11-20T01:02:03Z', status = 'needs_action'
      where client_id = ${fixture.clientId}`.execute(db());
    const connections = await db()
      .selectFrom('provider_accounts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('client_id', '=', fixture.clientId)
      .executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({
      last_refreshed: '2026-11-20T01:02:03.000Z',
      needs_action_count: Number(connections.count),
    });
  });

  it('lists a client linked, and drops a client deleted, with the total', async () => {
    const { total } = (await listOf()).paging;
    const added = await writeTestClient(db(), {
      tenantId: fixture.adviser.adminUser.tenant_id,
      partyId: fixture.partyId,
      adviserId: fixture.adviser.adminUser.id,
    });
    const afterAdding = await listOf();
    expect(afterAdding.paging.total).toBe(total + 1);
    expect(afterAdding.data.map((client) => client.id)).toContain(added.clientId);
    await sql`delete from clients where id = ${added.clientId}`.execute(db());
    const afterDeleting = await listOf();
    expect(afterDeleting.paging.total).toBe(total);
    expect(afterDeleting.data.map((client) => client.id)).not.toContain(added.clientId);
  });

  it('shows a consent as expired once its expiry passes, with no write', async () => {
    // Three seconds ahead, so that both reads come before it on a slow machine; then a wait until
    // the stored expiry itself has passed.
    const {
      rows: [set],
    } = await sql<{ consent_expiry: Date }>`
      update client_links set consent_start = now() - interval '1 day', consent_expiry = now() + interval '3 seconds'
      where client_id = ${fixture.clientId} returning consent_expiry`.execute(db());
    expect((await row()).consent?.status).toBe('active');
    expect((await row()).consent?.status).toBe('active');
    const expiry = new Date(set?.consent_expiry ?? Date.now()).getTime();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiry - Date.now()) + 100));
    expect((await row()).consent?.status).toBe('expired');
    await sql`update client_links set consent_expiry = now() + interval '300 days' where client_id = ${fixture.clientId}`.execute(
      db(),
    );
  });

  it('raises only the written practice’s version, and keeps each practice’s list apart', async () => {
    const mine = await versionOf(fixture.partyId);
    const theirs = await versionOf(other.partyId);
    await sql`update clients set family_name = 'Moved' where id = ${other.clientId}`.execute(db());
    expect(await versionOf(fixture.partyId)).toBe(mine);
    expect(await versionOf(other.partyId)).toBe(theirs + 1n);
    const otherList = await listOf(other.adviser.headers);
    expect(otherList.data.map((client) => client.id)).toEqual([other.clientId]);
    expect((await listOf()).data.map((client) => client.id)).not.toContain(other.clientId);
  });

  it('does not raise a version for a write that is rolled back', async () => {
    const before = await versionOf(fixture.partyId);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`update clients set given_name = 'Never' where id = ${fixture.clientId}`.execute(trx);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(await versionOf(fixture.partyId)).toBe(before);
  });

  // Two connections: PostgreSQL only (PGlite has one).
  it.runIf(process.env.DATABASE_URL)(
    'takes a practice’s version row only as a transaction commits, so its writers do not wait for each other',
    async () => {
      const before = await versionOf(fixture.partyId);
      const second = await writeTestClient(db(), {
        tenantId: fixture.adviser.adminUser.tenant_id,
        partyId: fixture.partyId,
        adviserId: fixture.adviser.adminUser.id,
      });
      let releaseFirst: () => void = () => {};
      const firstHolds = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      let firstWrote: () => void = () => {};
      const written = new Promise<void>((resolve) => {
        firstWrote = resolve;
      });
      const first = db()
        .transaction()
        .execute(async (trx) => {
          await sql`update provider_accounts set last_refreshed = now() where client_id = ${fixture.clientId}`.execute(
            trx,
          );
          firstWrote();
          await firstHolds;
        });
      await written;
      // With the first transaction open, another client of the practice is written at once: its
      // statement takes no lock the first holds (a bumped version row would be held to the commit).
      await db()
        .transaction()
        .execute(async (trx) => {
          await sql`set local lock_timeout = '1s'`.execute(trx);
          await sql`update clients set given_name = 'Unblocked' where id = ${second.clientId}`.execute(trx);
          releaseFirst();
        });
      await first;
      expect(await versionOf(fixture.partyId)).toBeGreaterThanOrEqual(before + 3n);
    },
  );

  it('refuses an adviser whose practice was disabled, though its list is kept', async () => {
    const headers = other.adviser.headers;
    await listOf(headers);
    await sql`update external_parties set status = 'disabled' where id = ${other.partyId}`.execute(db());
    const refused = await testApp.app.inject({ url: '/api/adviser/users?size=50', headers });
    await sql`update external_parties set status = 'enabled' where id = ${other.partyId}`.execute(db());
    expect(refused.statusCode).toBe(404);
  });

  it('refuses a revoked token though its adviser was recently seen, and the list is kept', async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    await listOf(adviser.headers);
    await listOf(adviser.headers);
    await sql`update oauth_tokens set revoked_at = now() where token_hash = ${hashTokenSecret(adviser.accessToken)}`.execute(
      db(),
    );
    const refused = await testApp.app.inject({ url: '/api/adviser/users?size=50', headers: adviser.headers });
    expect(refused.statusCode).toBe(401);
  });

  it('reads the states of the lists asked for together, each for its own caller', async () => {
    const versions = createPracticeListVersions(db(), { maxInFlight: 1 });
    const disabled = await createSignedInAdminUser(testApp.app, { externalPartyStatus: 'disabled' });
    const revoked = await createSignedInAdminUser(testApp.app);
    await sql`update oauth_tokens set revoked_at = now() where token_hash = ${hashTokenSecret(revoked.accessToken)}`.execute(
      db(),
    );
    const callerOf = (signedIn: Awaited<ReturnType<typeof createSignedInAdminUser>>) => ({
      kind: 'admin_user' as const,
      tenantId: signedIn.adminUser.tenant_id as TenantId,
      adminUserId: signedIn.adminUser.id,
      role: 'adviser' as const,
      externalPartyId: signedIn.externalParty?.id ?? 0,
      via: 'bearer' as const,
    });
    const mine = callerOf(fixture.adviser);
    const states = await Promise.all([
      versions.read({ caller: mine, unconfirmedTokenHash: undefined }),
      versions.read({ caller: mine, unconfirmedTokenHash: hashTokenSecret(fixture.adviser.accessToken) }),
      versions.read({ caller: callerOf(disabled), unconfirmedTokenHash: undefined }),
      versions.read({
        caller: callerOf(revoked),
        unconfirmedTokenHash: hashTokenSecret(revoked.accessToken),
      }),
      // Another adviser's token does not confirm this one.
      versions.read({ caller: mine, unconfirmedTokenHash: hashTokenSecret(other.adviser.accessToken) }),
      // The same reads again, in the same statement (one row each: `distinctRows`).
      versions.read({ caller: mine, unconfirmedTokenHash: hashTokenSecret(fixture.adviser.accessToken) }),
      versions.read({
        caller: callerOf(revoked),
        unconfirmedTokenHash: hashTokenSecret(revoked.accessToken),
      }),
    ]);
    const version = String(await versionOf(fixture.partyId));
    expect(states).toEqual([
      { enabled: true, version, next_expiry: expect.any(String) },
      { enabled: true, version, next_expiry: expect.any(String) },
      { enabled: false, version: null, next_expiry: null },
      undefined,
      undefined,
      { enabled: true, version, next_expiry: expect.any(String) },
      undefined,
    ]);
    expect(states[5]).not.toBe(states[1]);
    // The first read went alone; the six that waited were four rows.
    expect(versions.stats()).toEqual({ statements: 2, reads: 7, rows: 5 });
  });

  it('is planned once, whatever the size of the groups (rowsWithOrdinal)', async () => {
    const caller = {
      kind: 'admin_user' as const,
      tenantId: fixture.adviser.adminUser.tenant_id as TenantId,
      adminUserId: fixture.adviser.adminUser.id,
      role: 'adviser' as const,
      externalPartyId: fixture.partyId,
      via: 'bearer' as const,
    };
    await db()
      .connection()
      .execute(async (connection) => {
        const versions = createPracticeListVersions(connection, { maxInFlight: 1 });
        for (const size of varyingGroupSizes) {
          const states = await Promise.all(
            Array.from({ length: size }, () => versions.read({ caller, unconfirmedTokenHash: undefined })),
          );
          expect(states.every((state) => state?.enabled === true)).toBe(true);
        }
        const plans = await statementPlans(connection, 'practice_list_versions v');
        expect(plans.custom).toBeLessThanOrEqual(5);
        expect(plans.generic).toBeGreaterThanOrEqual(varyingGroupSizes.length - 5);
      });
  });

  it('computes an operator’s list (the whole tenant) every time', async () => {
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    await listOf(operator.headers);
    const before = stats();
    await listOf(operator.headers);
    expect(stats()).toMatchObject({ hits: before.hits, misses: before.misses });
  });
});
