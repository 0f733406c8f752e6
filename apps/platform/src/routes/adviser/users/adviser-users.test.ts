import { managedUserListResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { accountMailSettled } from '../../../testing/latest-mail.ts';
import { liveTestConsent } from '../../../testing/live-test-consent.ts';
import { createSignedInAdminUser, type SignedInAdminUser, tenantHost } from '../../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../../../testing/write-test-client.ts';

describe('the adviser family: api/adviser/users and invitations', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
    for (const [index, status] of (['pending', 'withdrawn', 'in_use'] as const).entries()) {
      await writeTestClient(testApp.database.db, {
        tenantId: 'moneypartner',
        partyId: fixture.partyId,
        adviserId: fixture.adviser.adminUser.id,
        email: `zed${index}@example.test`,
        consent: status === 'pending' ? { status, start: null, expiry: null } : liveTestConsent(status),
      });
    }
  });
  afterAll(() => testApp.close());

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    options: { payload?: object; headers?: Record<string, string> } = {},
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { ...fixture.adviser.headers, ...options.headers },
      ...(options.payload ? { payload: options.payload } : {}),
    });

  it('lists the adviser’s clients with consent, freshness and needs-action counts, paged', async () => {
    const first = managedUserListResponseSchema.parse(
      (await call('GET', '/api/adviser/users?size=2&sort=email')).json(),
    );
    expect(first.paging.total).toBe(4);
    expect(first.data).toHaveLength(2);
    const second = managedUserListResponseSchema.parse(
      (await call('GET', `/api/adviser/users?size=2&sort=email&after=${first.paging.cursors.after}`)).json(),
    );
    expect(second.paging.cursors.after).toBeUndefined();
    const everyone = [...first.data, ...second.data];
    const client = everyone.find((user) => user.id === fixture.clientId);
    expect(client).toMatchObject({ needs_action_count: 1, consent: { status: 'active' } });
    expect(everyone.map((user) => user.consent?.status).sort()).toEqual([
      'active',
      'in_use',
      'pending',
      'withdrawn',
    ]);
  });

  it('searches and filters by consent status', async () => {
    const zed = managedUserListResponseSchema.parse(
      (await call('GET', '/api/adviser/users?search=zed1')).json(),
    );
    expect(zed.data.map((user) => user.email)).toEqual(['zed1@example.test']);
    const pending = managedUserListResponseSchema.parse(
      (await call('GET', '/api/adviser/users?consent_status=pending')).json(),
    );
    expect(pending.data).toHaveLength(1);
  });

  it('shows nothing of another practice’s clients', async () => {
    const other = await createSignedInAdminUser(testApp.app);
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/adviser/users',
      headers: other.headers,
    });
    expect(list.json().paging.total).toBe(0);
    const one = await testApp.app.inject({
      method: 'GET',
      url: `/api/adviser/users/${fixture.clientId}`,
      headers: other.headers,
    });
    expect(one.statusCode).toBe(404);
  });

  it('gives an adviser of a disabled or unverified practice no clients (404)', async () => {
    for (const externalPartyStatus of ['disabled', 'unverified'] as const) {
      const adviser = await createSignedInAdminUser(testApp.app, { externalPartyStatus });
      const list = await testApp.app.inject({
        method: 'GET',
        url: '/api/adviser/users',
        headers: adviser.headers,
      });
      expect(list.statusCode).toBe(404);
      expect(list.json().error.error_code).toBe('F0300');
    }
  });

  it('answers 401 to every client call without a sign-in', async () => {
    const host = tenantHost('moneypartner');
    for (const [method, url] of [
      ['GET', '/api/adviser/users'],
      ['GET', `/api/adviser/users/${fixture.clientId}`],
      ['PUT', `/api/adviser/users/${fixture.clientId}`],
      ['DELETE', `/api/adviser/users/${fixture.clientId}`],
      ['POST', '/api/adviser/user/invite/legacy'],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url,
        headers: { host, 'x-external-party-id': String(fixture.partyId) },
        ...(method === 'PUT' ? { payload: { status: 'suspended' } } : {}),
        ...(method === 'POST'
          ? { payload: { email: 'x@example.test', given_name: 'X', family_name: 'Y' } }
          : {}),
      });
      expect([method, url, response.statusCode]).toEqual([method, url, 401]);
    }
  });

  it('will not suspend or unlink another practice’s client (404), even with its own party header', async () => {
    const other = await createSignedInAdminUser(testApp.app);
    const headers = { ...other.headers, 'x-external-party-id': String(other.externalParty?.id) };
    const url = `/api/adviser/users/${fixture.clientId}`;
    const put = await testApp.app.inject({ method: 'PUT', url, headers, payload: { status: 'suspended' } });
    expect(put.statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(404);
    expect((await call('GET', url)).json().data.status).not.toBe('suspended');
  });

  it('sorts by name and pages by page number', async () => {
    const asc = managedUserListResponseSchema.parse(
      (await call('GET', '/api/adviser/users?sort=email&size=3&page=1')).json(),
    );
    const desc = managedUserListResponseSchema.parse(
      (await call('GET', '/api/adviser/users?sort=email&order=desc&size=3&page=1')).json(),
    );
    const emails = asc.data.map((user) => user.email);
    expect(emails).toEqual([...emails].sort());
    expect(desc.data[0]?.email).toBe([...emails, ...desc.data.map((user) => user.email)].sort().at(-1));
    const second = managedUserListResponseSchema.parse(
      (await call('GET', '/api/adviser/users?sort=email&size=3&page=2')).json(),
    );
    expect(second.data.map((user) => user.email)).not.toContain(emails[0]);
    expect(second.paging.total).toBe(asc.paging.total);
  });

  it('suspends only with the adviser’s own X-External-Party-Id', async () => {
    const url = `/api/adviser/users/${fixture.clientId}`;
    expect((await call('PUT', url, { payload: { status: 'suspended' } })).statusCode).toBe(400);
    expect(
      (
        await call('PUT', url, {
          payload: { status: 'suspended' },
          headers: { 'x-external-party-id': '999999' },
        })
      ).statusCode,
    ).toBe(404);
    const ok = await call('PUT', url, {
      payload: { status: 'suspended' },
      headers: { 'x-external-party-id': String(fixture.partyId) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('suspended');
  });

  it('invites a client by e-mail as a pending link, once', async () => {
    const payload = { email: 'new.client@example.test', given_name: 'New', family_name: 'Client' };
    const invited = await call('POST', '/api/adviser/user/invite/legacy', { payload });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data).toMatchObject({
      email: 'new.client@example.test',
      status: 'invited',
      consent: { status: 'pending' },
    });
    expect((await call('POST', '/api/adviser/user/invite/legacy', { payload })).statusCode).toBe(409);
    // Queued with the invitation, sent by the job queue (clients/client-invitation-mail.ts).
    await accountMailSettled(testApp.app);
    const mail = await testApp.database.db
      .selectFrom('mail_messages')
      .select('subject')
      .where('to_address', '=', 'new.client@example.test')
      .execute();
    expect(mail.map((message) => message.subject)).toEqual([
      expect.stringContaining('share your financial data'),
    ]);
  });

  it('invites one new address from two practices at once as one client with two links', async () => {
    const other = await createSignedInAdminUser(testApp.app, { tenantId: 'moneypartner' });
    const payload = { email: 'both.practices@example.test', given_name: 'Both', family_name: 'Practices' };
    const answers = await Promise.all(
      [fixture.adviser.headers, other.headers].map((headers) =>
        testApp.app.inject({ method: 'POST', url: '/api/adviser/user/invite/legacy', headers, payload }),
      ),
    );
    // Before 2026-11-29 the second insert of the address failed its unique index on PostgreSQL (a 500).
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json().data.id).toBe(answers[1]?.json().data.id);
  });

  it("shows another practice's client it invited as invited, never who the client is", async () => {
    const db = testApp.database.db;
    // Signed up and active (an earlier case suspended them).
    await db
      .updateTable('clients')
      .set({ given_name: 'Real', family_name: 'Person', status: 'active' })
      .where('id', '=', fixture.clientId)
      .execute();
    const { email } = await db
      .selectFrom('clients')
      .select('email')
      .where('id', '=', fixture.clientId)
      .executeTakeFirstOrThrow();
    const other = await createSignedInAdminUser(testApp.app, { tenantId: 'moneypartner' });
    const asOther = (url: string) => testApp.app.inject({ method: 'GET', url, headers: other.headers });
    const before = Date.now();
    const invited = await testApp.app.inject({
      method: 'POST',
      url: '/api/adviser/user/invite/legacy',
      headers: other.headers,
      payload: { email, given_name: 'Typed', family_name: 'Name' },
    });
    expect(invited.statusCode).toBe(201);

    const shown = (await asOther(`/api/adviser/users/${fixture.clientId}`)).json().data;
    expect(shown).toMatchObject({
      id: fixture.clientId,
      email,
      given_name: 'Typed',
      family_name: 'Name',
      status: 'invited',
      consent: { status: 'pending', start: null, expiry: null },
    });
    expect(Date.parse(shown.created_at)).toBeGreaterThanOrEqual(before - 1_000);
    // The list writes the same row; the client's own names find nothing, the address finds it.
    const list = managedUserListResponseSchema.parse((await asOther('/api/adviser/users')).json());
    expect(list.data.find((row) => row.id === fixture.clientId)).toEqual(shown);
    const byName = managedUserListResponseSchema.parse(
      (await asOther('/api/adviser/users?search=Real')).json(),
    );
    expect(byName.data.map((row) => row.id)).not.toContain(fixture.clientId);
    const byShortName = managedUserListResponseSchema.parse(
      (await asOther('/api/adviser/users?search=Re')).json(),
    );
    expect(byShortName.data.map((row) => row.id)).not.toContain(fixture.clientId);
    const byEmail = managedUserListResponseSchema.parse(
      (await asOther(`/api/adviser/users?search=${encodeURIComponent(email)}`)).json(),
    );
    expect(byEmail.data).toEqual([shown]);
    // The practice with the client's consent still sees the client.
    expect((await call('GET', `/api/adviser/users/${fixture.clientId}`)).json().data).toMatchObject({
      given_name: 'Real',
      family_name: 'Person',
    });

    // The client declines the invitation: still never given, still shown as sent, the panel too.
    const link = await db
      .selectFrom('client_links')
      .select('id')
      .where('client_id', '=', fixture.clientId)
      .where('external_party_id', '=', other.externalParty?.id ?? 0)
      .executeTakeFirstOrThrow();
    const tokens = await testApp.app.tokens.issueForSignIn(
      { kind: 'client', id: fixture.clientId, tenantId: 'moneypartner', clientId: 'test-client' },
      { withRefreshToken: false },
    );
    const declined = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v2/consents/${link.id}`,
      headers: { host: tenantHost('moneypartner'), authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await asOther(`/api/adviser/users/${fixture.clientId}`)).json().data).toMatchObject({
      given_name: 'Typed',
      family_name: 'Name',
      status: 'invited',
      consent: { status: 'withdrawn' },
    });
    const panel = (await asOther('/api/adviser/users/consents')).json().data;
    expect(
      panel.ended.find((row: { client_id: number }) => row.client_id === fixture.clientId),
    ).toMatchObject({
      given_name: 'Typed',
      family_name: 'Name',
    });
    // The first practice's access, and the client's data, are as they were.
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/v2/accounts', headers: fixture.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('gives the next practice an unlinked invitation’s address as its own, with nothing the first practice typed or did', async () => {
    const db = testApp.database.db;
    const practice = () => createSignedInAdminUser(testApp.app, { tenantId: 'moneypartner' });
    const [practiceA, practiceB, practiceC] = await Promise.all([practice(), practice(), practice()]);
    const invite = async (
      adviser: SignedInAdminUser,
      email: string,
      names: { given_name: string; family_name: string },
    ) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/adviser/user/invite/legacy',
        headers: adviser.headers,
        payload: { email, ...names },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as number;
    };
    const asPractice = (adviser: SignedInAdminUser, method: 'PUT' | 'DELETE', id: number, payload?: object) =>
      testApp.app.inject({
        method,
        url: `/api/adviser/users/${id}`,
        headers: { ...adviser.headers, 'x-external-party-id': String(adviser.externalParty?.id) },
        ...(payload ? { payload } : {}),
      });
    const shownTo = async (adviser: SignedInAdminUser, id: number) => {
      const list = managedUserListResponseSchema.parse(
        (await testApp.app.inject({ url: '/api/adviser/users?size=100', headers: adviser.headers })).json(),
      );
      return list.data.find((row) => row.id === id);
    };
    const clientNames = (id: number) =>
      db
        .selectFrom('clients')
        .select(['given_name', 'family_name', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    // Practice A invites, suspends and unlinks an address nobody has signed up with.
    const id = await invite(practiceA, 'unlinked.invitee@example.test', {
      given_name: 'Jonathan',
      family_name: 'Realname',
    });
    await db
      .updateTable('clients')
      .set({ created_at: new Date('2026-01-05T00:00:00Z') })
      .where('id', '=', id)
      .execute();
    expect((await asPractice(practiceA, 'PUT', id, { status: 'suspended' })).statusCode).toBe(200);
    expect((await asPractice(practiceA, 'DELETE', id)).statusCode).toBe(204);
    const before = Date.now();
    await invite(practiceB, 'Unlinked.Invitee@example.test', { given_name: 'Test', family_name: 'Probe' });
    // Before 2026-12-02 practice B's list showed Jonathan Realname, invited in January, suspended.
    // Practice A's suspension went with its invitation (an operator's stays: put-user.test.ts).
    const shown = await shownTo(practiceB, id);
    expect(shown).toMatchObject({ given_name: 'Test', family_name: 'Probe', status: 'invited' });
    expect(Date.parse(shown?.created_at ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    const one = await testApp.app.inject({ url: `/api/adviser/users/${id}`, headers: practiceB.headers });
    expect(one.json().data).toEqual(shown);

    // A client who has signed up keeps their own names and status, whoever invites them next.
    const signedUp = await invite(practiceA, 'signed.up.invitee@example.test', {
      given_name: 'Own',
      family_name: 'Names',
    });
    await db
      .updateTable('clients')
      .set({ password_hash: 'set at sign-up' })
      .where('id', '=', signedUp)
      .execute();
    expect((await asPractice(practiceA, 'DELETE', signedUp)).statusCode).toBe(204);
    await invite(practiceB, 'signed.up.invitee@example.test', { given_name: 'Test', family_name: 'Probe' });
    expect(await clientNames(signedUp)).toEqual({
      given_name: 'Own',
      family_name: 'Names',
      status: 'invited',
    });
    expect(await shownTo(practiceB, signedUp)).toMatchObject({ given_name: 'Test', family_name: 'Probe' });

    // So does the invitation another practice still holds: each practice sees what it typed.
    const held = await invite(practiceA, 'held.invitee@example.test', {
      given_name: 'First',
      family_name: 'Inviter',
    });
    await invite(practiceC, 'held.invitee@example.test', { given_name: 'Test', family_name: 'Probe' });
    expect(await clientNames(held)).toEqual({
      given_name: 'First',
      family_name: 'Inviter',
      status: 'invited',
    });
    expect(await shownTo(practiceA, held)).toMatchObject({ given_name: 'First', family_name: 'Inviter' });
    expect(await shownTo(practiceC, held)).toMatchObject({ given_name: 'Test', family_name: 'Probe' });
  });

  it('lets an adviser whose practice was disabled still end its own link, which only takes access away', async () => {
    const disabled = await signedInAdviserWithClient(testApp.app);
    const { db } = testApp.database;
    await db
      .updateTable('external_parties')
      .set({ status: 'disabled' })
      .where('id', '=', disabled.partyId)
      .execute();
    const headers = { ...disabled.adviser.headers, 'x-external-party-id': String(disabled.partyId) };
    const url = `/api/adviser/users/${disabled.clientId}`;
    // Everything else of the client is closed to it (docs/clients.md, "Who may call").
    expect((await testApp.app.inject({ method: 'GET', url, headers })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    const links = await db
      .selectFrom('client_links')
      .select('id')
      .where('client_id', '=', disabled.clientId)
      .execute();
    expect(links).toEqual([]);
  });

  it('unlinks a client with the party header', async () => {
    const url = `/api/adviser/users/${fixture.clientId}`;
    expect((await call('DELETE', url)).statusCode).toBe(400);
    expect(
      (await call('DELETE', url, { headers: { 'x-external-party-id': String(fixture.partyId) } })).statusCode,
    ).toBe(204);
    expect((await call('GET', url)).statusCode).toBe(404);
    const data = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/accounts',
      headers: fixture.headers,
    });
    expect(data.statusCode).toBe(404);
  });
});
