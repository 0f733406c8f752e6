import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
import {
  type AdviserWithClient,
  twoAdvisersWithAClientEach,
} from '../testing/signed-in-adviser-with-client.ts';

interface AuditedRead {
  action: string;
  target_type: string;
  target_id: string | null;
  client_id: number | null;
  ip: string | null;
}

// Every list of clients (names, e-mails, consents) an admin user reads is an access to client
// data: each read is in the audit log before it is answered (issue 10).
describe('reads of client lists in the audit log', () => {
  let testApp: TestApp;
  let fixture: AdviserWithClient;

  beforeAll(async () => {
    ({ testApp, fixture } = await twoAdvisersWithAClientEach());
  });
  afterAll(() => testApp.close());

  const db = () => testApp.app.database.db;
  const readsBy = (actorId: number): Promise<AuditedRead[]> =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'client_id', 'ip'])
      .where('actor_id', '=', actorId)
      .where('actor_kind', '=', 'admin_user')
      .where('action', 'in', ['client.list', 'consent.list'])
      .orderBy('id')
      .execute();
  const get = async (url: string, headers: Record<string, string>, status = 200) => {
    const response = await testApp.app.inject({ url, headers, remoteAddress: '203.0.113.7' });
    expect(response.statusCode, response.body).toBe(status);
  };

  it('writes a row for every page of an adviser’s list, kept or computed, and for each alias', async () => {
    const adviser = fixture.adviser;
    const practice = { action: 'client.list', target_type: 'practice', target_id: String(fixture.partyId) };
    const row = { ...practice, client_id: null, ip: '203.0.113.7' };
    await get('/api/adviser/users?size=50', adviser.headers);
    // Answered from memory (the practice's list version did not move): audited all the same.
    await get('/api/adviser/users?size=50', adviser.headers);
    // Several at once share one read of the list's state, and still write a row each.
    await Promise.all(Array.from({ length: 3 }, () => get('/api/adviser/users?page=1', adviser.headers)));
    await get('/api/admin/users?size=10', adviser.headers);
    expect(await readsBy(adviser.adminUser.id)).toEqual(Array.from({ length: 6 }, () => row));
  });

  it('writes the practice’s consents panel as a read of its clients', async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    await get('/api/adviser/users/consents', adviser.headers);
    expect(await readsBy(adviser.adminUser.id)).toEqual([
      {
        action: 'consent.list',
        target_type: 'practice',
        target_id: String(adviser.externalParty?.id),
        client_id: null,
        ip: '203.0.113.7',
      },
    ]);
  });

  it('names the tenant for an operator’s list of every client', async () => {
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    await get('/api/adviser/users', operator.headers);
    await get('/api/admin/users', operator.headers);
    const row = {
      action: 'client.list',
      target_type: 'tenant',
      target_id: operator.adminUser.tenant_id,
      client_id: null,
      ip: '203.0.113.7',
    };
    expect(await readsBy(operator.adminUser.id)).toEqual([row, row]);
  });

  it('writes nothing for a list refused', async () => {
    const disabled = await createSignedInAdminUser(testApp.app, { externalPartyStatus: 'disabled' });
    await get('/api/adviser/users', disabled.headers, 404);
    await get('/api/admin/users', disabled.headers, 404);
    await get('/api/adviser/users/consents', disabled.headers, 404);
    expect(await readsBy(disabled.adminUser.id)).toEqual([]);

    // A practice disabled after its list was kept: the kept list is refused, and not audited.
    const adviser = await createSignedInAdminUser(testApp.app);
    await get('/api/adviser/users', adviser.headers);
    await sql`update external_parties set status = 'disabled' where id = ${adviser.externalParty?.id}`.execute(
      db(),
    );
    await get('/api/adviser/users', adviser.headers, 404);
    expect(await readsBy(adviser.adminUser.id)).toHaveLength(1);
  });

  it('writes nothing for a page refused for its cursor', async () => {
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    for (const caller of [fixture.adviser, operator]) {
      const before = await readsBy(caller.adminUser.id);
      for (const family of ['adviser', 'admin']) {
        await get(`/api/${family}/users?after=abc`, caller.headers, 400);
        await get(`/api/${family}/users?before=-1`, caller.headers, 400);
      }
      // Before 2026-12-02 an adviser's refused page left its `client.list` row.
      expect(await readsBy(caller.adminUser.id)).toEqual(before);
    }
  });
});
