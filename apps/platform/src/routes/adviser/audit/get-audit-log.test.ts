import type { AuditLogEntry } from '@waratah/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../../../testing/sign-in.ts';
import {
  type AdviserWithClient,
  twoAdvisersWithAClientEach,
} from '../../../testing/signed-in-adviser-with-client.ts';

type Page = { data: AuditLogEntry[]; paging: { cursors: { after?: string }; next?: string } };

describe('GET api/adviser/audit and api/admin/audit: the audit log', () => {
  let testApp: TestApp;
  let mine: AdviserWithClient;
  let other: AdviserWithClient;
  let operator: SignedInAdminUser;
  let labsOperator: SignedInAdminUser;

  beforeAll(async () => {
    ({ testApp, fixture: mine, other } = await twoAdvisersWithAClientEach());
    operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    labsOperator = await createSignedInAdminUser(testApp.app, { kind: 'operator', tenantId: 'waratahlabs' });
    // Each adviser reads its own client's accounts twice: four audited reads.
    for (const each of [mine, other, mine, other]) {
      const read = await testApp.app.inject({ url: '/api/v2/accounts', headers: each.headers });
      expect(read.statusCode, read.body).toBe(200);
    }
  });
  afterAll(() => testApp.close());

  const page = async (url: string, headers: Record<string, string>) => {
    const response = await testApp.app.inject({ url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };

  it('shows an adviser its practice’s advisers’ reads of client data: who, when, what and from where', async () => {
    const { data } = await page('/api/adviser/audit', mine.adviser.headers);
    const reads = data.filter((entry) => entry.action === 'client_data.get');
    expect(reads).toHaveLength(2);
    expect(reads[0]).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      actor_kind: 'admin_user',
      actor_id: mine.adviser.adminUser.id,
      actor_email: mine.adviser.adminUser.email,
      action: 'client_data.get',
      target_type: 'route',
      target_id: '/api/v2/accounts',
      client_id: mine.clientId,
      ip: '127.0.0.1',
    });
    // Newest first, and nothing of another practice's advisers.
    expect(data.map((entry) => entry.id)).toEqual([...data.map((entry) => entry.id)].sort((a, b) => b - a));
    expect(data.every((entry) => entry.actor_id === mine.adviser.adminUser.id)).toBe(true);
  });

  it('shows an operator every entry of its tenant, one client’s on asking, and no other tenant’s', async () => {
    const all = await page('/api/admin/audit?size=100', operator.headers);
    const readers = new Set(
      all.data.filter((entry) => entry.action === 'client_data.get').map((entry) => entry.actor_id),
    );
    expect(readers).toEqual(new Set([mine.adviser.adminUser.id, other.adviser.adminUser.id]));
    const one = await page(`/api/admin/audit?client_id=${other.clientId}`, operator.headers);
    expect(one.data.length).toBeGreaterThanOrEqual(2);
    expect(one.data.every((entry) => entry.client_id === other.clientId)).toBe(true);
    const labs = await page('/api/admin/audit?size=100', labsOperator.headers);
    expect(labs.data.filter((entry) => entry.client_id === mine.clientId)).toEqual([]);
  });

  it('leaves out an operator linked to the practice, whose reads are of the whole tenant', async () => {
    // An operator linked to a practice, as some were before 2026-12-02: migration 0033 unlinked
    // them and its check keeps such a row from being written, so the check is lifted here to make one.
    const db = testApp.database.db;
    const linked = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    await sql`alter table admin_users drop constraint admin_users_operator_without_practice`.execute(db);
    try {
      await db
        .updateTable('admin_users')
        .set({ external_party_id: mine.partyId })
        .where('id', '=', linked.adminUser.id)
        .execute();
      // The operator reads the other practice's client.
      const read = await testApp.app.inject({
        url: '/api/v2/accounts',
        headers: {
          ...linked.headers,
          'x-user-id': String(other.clientId),
          'x-external-party-id': String(other.partyId),
        },
      });
      expect(read.statusCode, read.body).toBe(200);
      const audited = await db
        .selectFrom('audit_log')
        .select('id')
        .where('actor_id', '=', linked.adminUser.id)
        .where('client_id', '=', other.clientId)
        .execute();
      expect(audited.length).toBeGreaterThan(0);
      // Before 2026-12-03 the practice read it, in its log and in the other client's.
      for (const url of ['/api/adviser/audit?size=100', `/api/adviser/audit?client_id=${other.clientId}`]) {
        const { data } = await page(url, mine.adviser.headers);
        expect(
          data.filter((entry) => entry.actor_id === linked.adminUser.id),
          url,
        ).toEqual([]);
      }
      // The practice's own advisers' entries are still there.
      const own = await page('/api/adviser/audit?size=100', mine.adviser.headers);
      expect(own.data.some((entry) => entry.actor_id === mine.adviser.adminUser.id)).toBe(true);
    } finally {
      await db
        .updateTable('admin_users')
        .set({ external_party_id: null })
        .where('id', '=', linked.adminUser.id)
        .execute();
      await sql`
        alter table admin_users add constraint admin_users_operator_without_practice
          check (kind = 'adviser' or external_party_id is null)`.execute(db);
    }
  });

  it('pages to older entries with the cursor it gives', async () => {
    const first = await page('/api/adviser/audit?size=1', mine.adviser.headers);
    expect(first.data).toHaveLength(1);
    const after = first.paging.cursors.after;
    expect(after).toBe(String(first.data[0]?.id));
    const second = await page(`/api/adviser/audit?size=1&after=${after}`, mine.adviser.headers);
    expect(second.data).toHaveLength(1);
    expect(second.data[0]?.id).toBeLessThan(first.data[0]?.id ?? 0);
    const all = await page('/api/adviser/audit?size=100', mine.adviser.headers);
    expect(all.paging.cursors).toEqual({});
    expect(all.paging).not.toHaveProperty('next');
  });

  it('links each page to the older entries, keeping its query, as the other lists do', async () => {
    // Before 2026-12-03 the log gave only the cursor (reference §1: lists link their pages).
    const first = await page(`/api/adviser/audit?client_id=${mine.clientId}&size=1`, mine.adviser.headers);
    const after = first.paging.cursors.after;
    expect(first.paging.next).toBe(`/api/adviser/audit?size=1&client_id=${mine.clientId}&after=${after}`);
    // Followed to the end, the links give the client's whole log, newest first, and then none.
    const walked = [...first.data];
    let next = first.paging.next;
    while (next !== undefined) {
      const older = await page(next, mine.adviser.headers);
      walked.push(...older.data);
      next = older.paging.next;
    }
    const whole = await page(`/api/adviser/audit?client_id=${mine.clientId}&size=100`, mine.adviser.headers);
    expect(whole.data.length).toBeGreaterThan(1);
    expect(walked.map((entry) => entry.id)).toEqual(whole.data.map((entry) => entry.id));
  });

  it('refuses a cursor or client it could not have given, and an adviser without an enabled practice', async () => {
    for (const query of [
      'after=0',
      'after=abc',
      'after=9007199254740992',
      'after=12345678901234567',
      'client_id=0',
      'size=101',
    ]) {
      const refused = await testApp.app.inject({
        url: `/api/adviser/audit?${query}`,
        headers: mine.adviser.headers,
      });
      expect(refused.statusCode, query).toBe(400);
    }
    const disabled = await createSignedInAdminUser(testApp.app, { externalPartyStatus: 'disabled' });
    const hidden = await testApp.app.inject({ url: '/api/adviser/audit', headers: disabled.headers });
    expect(hidden.statusCode).toBe(404);
  });

  it('answers an id past 32 bits as an exact JSON number, and takes it back as a cursor', async () => {
    await sql`
      insert into audit_log (id, tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip)
      select 9007199254740991, tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip
      from audit_log where client_id = ${mine.clientId} and actor_kind = 'admin_user'
      order by id desc limit 1`.execute(testApp.database.db);
    try {
      const response = await testApp.app.inject({
        url: '/api/adviser/audit?size=1',
        headers: mine.adviser.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain('"id":9007199254740991,');
      expect(response.json()).toMatchObject({ paging: { cursors: { after: '9007199254740991' } } });
      const older = await page('/api/adviser/audit?size=1&after=9007199254740991', mine.adviser.headers);
      expect(older.data.map((entry) => entry.id < 2 ** 31)).toEqual([true]);
    } finally {
      await sql`delete from audit_log where id = 9007199254740991`.execute(testApp.database.db);
    }
  });
});
