import { managedUserResponseSchema, tokenResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../auth/passwords/hash-password.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { liveTestConsent } from '../../../testing/live-test-consent.ts';
import { withPortalFeatures } from '../../../testing/portal-features.ts';
import {
  clientPasswordSignIn,
  createSignedInAdminUser,
  type SignedInAdminUser,
  tenantHost,
} from '../../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../../../testing/write-test-client.ts';

const host = tenantHost('moneypartner');
const clientPassword = 'Victim-Client-Password-42';

describe('PUT api/adviser/users/{id} and api/admin/users/{id}: who may change a client', () => {
  let testApp: TestApp;
  let practiceB: Awaited<ReturnType<typeof signedInAdviserWithClient>>;
  let adviserA: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    practiceB = await signedInAdviserWithClient(testApp.app);
    adviserA = await createSignedInAdminUser(testApp.app);
  });
  afterAll(() => testApp.close());

  const partyHeader = (adviser: SignedInAdminUser) => ({
    ...adviser.headers,
    'x-external-party-id': String(adviser.externalParty?.id),
  });
  const put = (url: string, headers: Record<string, string>, payload: object) =>
    testApp.app.inject({ method: 'PUT', url, headers, payload });
  const invite = (adviser: SignedInAdminUser, email: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/adviser/user/invite/legacy',
      headers: adviser.headers,
      payload: { email, given_name: 'Typed', family_name: 'ByAdviser' },
    });
  const clientRow = (id: number) =>
    testApp.database.db
      .selectFrom('clients')
      .select(['email', 'given_name', 'family_name', 'status', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const clientSignIn = (email: string) =>
    clientPasswordSignIn(testApp.app, { host, email, password: clientPassword });
  const setPassword = async (id: number) =>
    testApp.database.db
      .updateTable('clients')
      .set({ password_hash: await hashPassword(clientPassword) })
      .where('id', '=', id)
      .execute();

  it('will not let a practice that invites another practice’s client suspend or rename them (404, nothing changed)', async () => {
    const victimId = practiceB.clientId;
    await setPassword(victimId);
    const before = await clientRow(victimId);
    const victimToken = tokenResponseSchema.parse((await clientSignIn(before.email)).json()).access_token;

    const invited = await invite(adviserA, before.email.toUpperCase());
    expect(invited.statusCode).toBe(201);
    // The answer is what the adviser sent, not practice B's record of the client.
    expect.soft(managedUserResponseSchema.parse(invited.json()).data).toMatchObject({
      id: victimId,
      email: before.email.toUpperCase(),
      given_name: 'Typed',
      family_name: 'ByAdviser',
      status: 'invited',
      consent: { status: 'pending', start: null, expiry: null },
      last_refreshed: null,
      needs_action_count: 0,
    });

    const headers = partyHeader(adviserA);
    const attempts = [
      put(`/api/adviser/users/${victimId}`, headers, { status: 'suspended', given_name: 'Locked' }),
      put(`/api/adviser/users/${victimId}`, headers, { given_name: 'Renamed', family_name: 'Renamed' }),
      put(`/api/admin/users/${victimId}`, headers, { status: 'suspended' }),
      put('/api/admin/user', { ...headers, 'x-user-id': String(victimId) }, { given_name: 'Renamed' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.error_code).toBe('F0300');
    }
    expect(await clientRow(victimId)).toEqual(before);
    expect((await clientSignIn(before.email)).statusCode).toBe(200);
    const ownData = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/user/details',
      headers: { host, authorization: `Bearer ${victimToken}` },
    });
    expect(ownData.statusCode).toBe(200);
  });

  it('refuses a client who signed up without any practice, once invited (404)', async () => {
    const email = 'self.registered@example.test';
    const { id } = await testApp.database.db
      .insertInto('clients')
      .values({ tenant_id: 'moneypartner', email, given_name: 'Self', family_name: 'Made' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setPassword(id);
    expect((await invite(adviserA, email)).statusCode).toBe(201);
    const response = await put(`/api/adviser/users/${id}`, partyHeader(adviserA), { status: 'suspended' });
    expect(response.statusCode).toBe(404);
    expect((await clientRow(id)).status).toBe('active');
  });

  it('refuses a client whose consent to the practice was withdrawn or has expired (404)', async () => {
    for (const consent of [
      liveTestConsent('withdrawn'),
      { status: 'active', start: '2025-01-01', expiry: '2025-12-31' },
    ] as const) {
      const { clientId } = await writeTestClient(testApp.database.db, {
        tenantId: 'moneypartner',
        partyId: adviserA.externalParty?.id ?? 0,
        adviserId: adviserA.adminUser.id,
        consent,
      });
      const response = await put(`/api/adviser/users/${clientId}`, partyHeader(adviserA), {
        given_name: 'Renamed',
      });
      expect([consent.status, response.statusCode]).toEqual([consent.status, 404]);
      expect((await clientRow(clientId)).given_name).toBe('Test');
    }
  });

  it('lets a practice rename, suspend and reactivate its own invitee who is no one else’s client', async () => {
    const invited = await invite(adviserA, 'own.invitee@example.test');
    const id = managedUserResponseSchema.parse(invited.json()).data.id;
    const url = `/api/adviser/users/${id}`;
    const renamed = await put(url, partyHeader(adviserA), { given_name: 'Fixed', status: 'suspended' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ given_name: 'Fixed', status: 'suspended' });
    // The suspension lifted, the invitee is invited again: before 2026-12-02 `active`, with no account.
    expect((await put(url, partyHeader(adviserA), { status: 'active' })).json().data.status).toBe('invited');
    expect((await put(url, partyHeader(adviserA), { status: 'active' })).json().data.status).toBe('invited');
    // Once another practice is linked too, the invitation is no longer the practice's alone.
    const other = await createSignedInAdminUser(testApp.app);
    expect((await invite(other, 'own.invitee@example.test')).statusCode).toBe(201);
    expect((await put(url, partyHeader(adviserA), { given_name: 'Again' })).statusCode).toBe(404);
  });

  it('lets only whoever suspended a client lift it: their practice, or the operator (403 for others)', async () => {
    // One client consenting to two practices (A and C).
    const practiceC = await createSignedInAdminUser(testApp.app);
    const { clientId } = await writeTestClient(testApp.database.db, {
      tenantId: 'moneypartner',
      partyId: adviserA.externalParty?.id ?? 0,
      adviserId: adviserA.adminUser.id,
    });
    const consent = liveTestConsent('active');
    await testApp.database.db
      .insertInto('client_links')
      .values({
        tenant_id: 'moneypartner',
        client_id: clientId,
        external_party_id: practiceC.externalParty?.id ?? 0,
        consent_status: consent.status,
        consent_start: new Date(consent.start),
        consent_expiry: new Date(consent.expiry),
      })
      .execute();
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    const operatorHeaders = {
      ...operator.headers,
      'x-external-party-id': String(adviserA.externalParty?.id),
    };
    const url = `/api/adviser/users/${clientId}`;
    const status = async () => (await clientRow(clientId)).status;

    // Practice A's suspension: C may neither lift it nor take it over by suspending again.
    expect((await put(url, partyHeader(adviserA), { status: 'suspended' })).statusCode).toBe(200);
    expect((await put(url, partyHeader(practiceC), { status: 'suspended' })).statusCode).toBe(200);
    const refused = await put(url, partyHeader(practiceC), { status: 'active' });
    expect(refused.statusCode).toBe(403);
    // One message whoever suspended: naming another practice would tell C of it.
    expect(refused.json().error.error_message).toBe(
      'Someone else suspended this client: only they or the operator can reactivate them',
    );
    expect(await status()).toBe('suspended');
    expect((await put(url, partyHeader(adviserA), { status: 'active' })).json().data.status).toBe('active');

    // The operator's: no practice may lift it; the operator may, and may lift a practice's too.
    expect(
      (await put(`/api/admin/users/${clientId}`, operatorHeaders, { status: 'suspended' })).statusCode,
    ).toBe(200);
    for (const adviser of [adviserA, practiceC]) {
      const answer = await put(url, partyHeader(adviser), { status: 'active', given_name: 'Back' });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.error_message).toBe(
        'Someone else suspended this client: only they or the operator can reactivate them',
      );
    }
    expect(await clientRow(clientId)).toMatchObject({ status: 'suspended', given_name: 'Test' });
    expect(
      (await put(`/api/admin/users/${clientId}`, operatorHeaders, { status: 'active' })).statusCode,
    ).toBe(200);
    expect(await status()).toBe('active');
    expect((await put(url, partyHeader(practiceC), { status: 'suspended' })).statusCode).toBe(200);
    expect(
      (await put(`/api/admin/users/${clientId}`, operatorHeaders, { status: 'active' })).statusCode,
    ).toBe(200);
    expect(await status()).toBe('active');
    // The operator suspending a practice's suspension makes it the operator's.
    expect((await put(url, partyHeader(adviserA), { status: 'suspended' })).statusCode).toBe(200);
    expect(
      (await put(`/api/admin/users/${clientId}`, operatorHeaders, { status: 'suspended' })).statusCode,
    ).toBe(200);
    expect((await put(url, partyHeader(adviserA), { status: 'active' })).statusCode).toBe(403);
    expect(await status()).toBe('suspended');
  });

  it('lifts a suspension made before who made it was recorded, as before, or lets the next to suspend claim it', async () => {
    const { clientId } = await writeTestClient(testApp.database.db, {
      tenantId: 'moneypartner',
      partyId: adviserA.externalParty?.id ?? 0,
      adviserId: adviserA.adminUser.id,
    });
    const url = `/api/adviser/users/${clientId}`;
    const unrecorded = () =>
      testApp.database.db
        .updateTable('clients')
        .set({ status: 'suspended', suspended_from: 'active' })
        .where('id', '=', clientId)
        .execute();
    await unrecorded();
    expect((await put(url, partyHeader(adviserA), { status: 'active' })).json().data.status).toBe('active');
    await unrecorded();
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    const operatorHeaders = {
      ...operator.headers,
      'x-external-party-id': String(adviserA.externalParty?.id),
    };
    expect(
      (await put(`/api/admin/users/${clientId}`, operatorHeaders, { status: 'suspended' })).statusCode,
    ).toBe(200);
    expect((await put(url, partyHeader(adviserA), { status: 'active' })).statusCode).toBe(403);
  });

  it('audits only what a change wrote', async () => {
    const invited = await invite(adviserA, 'audited.writes@example.test');
    const id = managedUserResponseSchema.parse(invited.json()).data.id;
    const url = `/api/adviser/users/${id}`;
    const statusRows = () =>
      testApp.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('client_id', '=', id)
        .where('action', 'in', ['client.suspend', 'client.reactivate'])
        .execute();
    // An invitee not suspended asked to be active: nothing changes, nothing is audited.
    expect((await put(url, partyHeader(adviserA), { status: 'active' })).json().data.status).toBe('invited');
    expect(await statusRows()).toEqual([]);
    expect((await put(url, partyHeader(adviserA), { status: 'suspended' })).statusCode).toBe(200);
    expect((await put(url, partyHeader(adviserA), { status: 'suspended' })).statusCode).toBe(200);
    expect(await statusRows()).toEqual([{ action: 'client.suspend' }]);
  });

  it('lets a practice’s suspension of an unlinked invitation go with it, and keeps the operator’s', async () => {
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    const practiceD = await createSignedInAdminUser(testApp.app);
    for (const [email, suspender, after] of [
      ['practice.suspended@example.test', 'practice', 'invited'],
      ['operator.suspended@example.test', 'operator', 'suspended'],
    ] as const) {
      const id = managedUserResponseSchema.parse((await invite(adviserA, email)).json()).data.id;
      const suspended =
        suspender === 'practice'
          ? await put(`/api/adviser/users/${id}`, partyHeader(adviserA), { status: 'suspended' })
          : await put(
              `/api/admin/users/${id}`,
              { ...operator.headers, 'x-external-party-id': String(adviserA.externalParty?.id) },
              { status: 'suspended' },
            );
      expect(suspended.statusCode).toBe(200);
      const unlinked = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/adviser/users/${id}`,
        headers: partyHeader(adviserA),
      });
      expect(unlinked.statusCode).toBe(204);
      // The practice's suspension goes with its link (audited as a reactivation); the operator's stays.
      expect([email, (await clientRow(id)).status]).toEqual([email, after]);
      const reactivations = await testApp.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('client_id', '=', id)
        .where('action', '=', 'client.reactivate')
        .execute();
      expect([email, reactivations.length]).toEqual([email, suspender === 'practice' ? 1 : 0]);
      expect((await invite(practiceD, email)).statusCode).toBe(201);
      expect([email, (await clientRow(id)).status]).toEqual([email, after]);
    }
  });

  it('audits a rename, a suspension and a reactivation each as its own action', async () => {
    const invited = await invite(adviserA, 'audited.changes@example.test');
    const id = managedUserResponseSchema.parse(invited.json()).data.id;
    const url = `/api/adviser/users/${id}`;
    for (const change of [
      { given_name: 'Renamed', status: 'suspended' },
      { status: 'active' },
      { family_name: 'Again' },
    ]) {
      expect((await put(url, partyHeader(adviserA), change)).statusCode).toBe(200);
    }
    const changes = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_type', 'target_id'])
      .where('client_id', '=', id)
      .where('action', 'not in', ['client.invite', 'client.read'])
      .orderBy('id')
      .execute();
    // Before 2026-12-02 the first change was only `client.suspend`, and the reactivation `client.update`.
    expect(changes).toEqual(
      ['client.update', 'client.suspend', 'client.reactivate', 'client.update'].map((action) => ({
        action,
        actor_id: adviserA.adminUser.id,
        target_type: 'client',
        target_id: String(id),
      })),
    );
  });

  it('refuses a change naming nothing, and names that are not names, writing nothing', async () => {
    const invited = await invite(adviserA, 'named.rightly@example.test');
    const id = managedUserResponseSchema.parse(invited.json()).data.id;
    const before = await clientRow(id);
    const auditOf = () =>
      testApp.database.db.selectFrom('audit_log').select('id').where('client_id', '=', id).execute();
    const audited = await auditOf();
    const refused = [
      // Before 2026-11-30: 200 with nothing to change, `updated_at` and an audit row written.
      {},
      { given_name: '\u200b' },
      { family_name: 'a\u202eb' },
      { given_name: 'Call 0400 000 000' },
    ];
    for (const body of refused) {
      const answer = await put(`/api/adviser/users/${id}`, partyHeader(adviserA), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await clientRow(id)).toEqual(before);
    expect(await auditOf()).toEqual(audited);
    const badInvite = await testApp.app.inject({
      method: 'POST',
      url: '/api/adviser/user/invite/legacy',
      headers: adviserA.headers,
      payload: { email: 'bidi@example.test', given_name: 'a\u202eb', family_name: 'Name' },
    });
    expect(badInvite.statusCode).toBe(400);
    expect(badInvite.json().error.fields[0].field).toBe('body.given_name');
    // Names of any script, with apostrophes, hyphens and full stops, still pass.
    const renamed = await put(`/api/adviser/users/${id}`, partyHeader(adviserA), {
      given_name: 'Nguyễn Thị',
      family_name: 'O’Brien-Smith Jr.',
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('needs the suspend_users feature to change a status, not to rename', async () => {
    const { clientId } = await writeTestClient(testApp.database.db, {
      tenantId: 'moneypartner',
      partyId: adviserA.externalParty?.id ?? 0,
      adviserId: adviserA.adminUser.id,
    });
    await withPortalFeatures(testApp.database.db, 'moneypartner', { suspend_users: false }, async () => {
      const url = `/api/adviser/users/${clientId}`;
      const suspend = await put(url, partyHeader(adviserA), { status: 'suspended', given_name: 'No' });
      expect(suspend.statusCode).toBe(403);
      // The code of a switched-off feature, which the portal tells from other refusals (F0201 before 2026-12-04).
      expect(suspend.json().error).toMatchObject({ error_code: 'F0204', error_type: 'feature_off' });
      expect(await clientRow(clientId)).toMatchObject({ status: 'active', given_name: 'Test' });
      expect((await put(url, partyHeader(adviserA), { given_name: 'Yes' })).statusCode).toBe(200);
    });
  });

  it('lets an operator change any client of its tenant, and none of another', async () => {
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    const headers = { ...operator.headers, 'x-external-party-id': String(practiceB.partyId) };
    const url = `/api/admin/users/${practiceB.clientId}`;
    const changed = await put(url, headers, { family_name: 'Operator', status: 'suspended' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ family_name: 'Operator', status: 'suspended' });
    expect((await put(url, headers, { status: 'active' })).statusCode).toBe(200);
    const labs = await createSignedInAdminUser(testApp.app, { kind: 'operator', tenantId: 'waratahlabs' });
    expect((await put(url, labs.headers, { given_name: 'Elsewhere' })).statusCode).toBe(404);
  });

  it('shows a practice that invited another practice’s client none of their data’s freshness', async () => {
    const { clientId } = await signedInAdviserWithClient(testApp.app);
    const db = testApp.database.db;
    const updated = await db
      .updateTable('provider_accounts')
      .set({ status: 'needs_action', last_refreshed: new Date('2026-11-20T01:02:03Z') })
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBeGreaterThan(0);
    const { email } = await clientRow(clientId);
    const other = await createSignedInAdminUser(testApp.app);
    expect((await invite(other, email)).statusCode).toBe(201);
    const seen = (
      await testApp.app.inject({ url: `/api/adviser/users/${clientId}`, headers: other.headers })
    ).json().data;
    expect(seen).toMatchObject({
      consent: { status: 'pending' },
      last_refreshed: null,
      needs_action_count: 0,
    });
    const listed = (
      await testApp.app.inject({ url: '/api/adviser/users?size=100', headers: other.headers })
    ).json().data;
    expect(listed.find((row: { id: number }) => row.id === clientId)).toMatchObject({
      last_refreshed: null,
      needs_action_count: 0,
    });
    // The practice the client consented to sees it.
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    const own = (
      await testApp.app.inject({ url: `/api/adviser/users/${clientId}`, headers: operator.headers })
    ).json().data;
    expect(own).toMatchObject({ last_refreshed: '2026-11-20T01:02:03.000Z' });
    expect(own.needs_action_count).toBeGreaterThanOrEqual(1);
  });
});
