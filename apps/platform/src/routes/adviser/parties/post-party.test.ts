import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../../../testing/sign-in.ts';

const company = {
  name: 'Harbour Wealth Pty Ltd',
  abn: '51 824 753 556',
  address: { line1: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  phone: '02 9000 0000',
};

describe('the practice and its credentials', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: object, headers: Record<string, string>) =>
    testApp.app.inject({ method: 'POST', url, headers, payload });

  it('refuses an ABN that fails the checksum, naming the field', async () => {
    const adviser = await createSignedInAdminUser(testApp.app, {
      tenantId: 'waratahlabs',
      externalPartyStatus: null,
    });
    const response = await post(
      '/api/adviser/parties/external',
      { ...company, abn: '51 824 753 557' },
      adviser.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { field: 'body.abn', message: 'Please enter a valid ABN (11 digits)' },
    ]);
  });

  it('refuses badly formed licence numbers', async () => {
    const adviser = await createSignedInAdminUser(testApp.app, { tenantId: 'waratahlabs' });
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/adviser/parties/external/details',
      headers: adviser.headers,
      payload: { profession: 'dentist', credentials: { afsl_number: '12AB' } },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(['body.profession', 'body.credentials.afsl_number']);
  });

  it('refuses an operator, who has no practice of its own, and writes nothing', async () => {
    const operator = await createSignedInAdminUser(testApp.app, {
      kind: 'operator',
      tenantId: 'waratahlabs',
    });
    const response = await post(
      '/api/adviser/parties/external',
      { ...company, name: 'Operator Practice Pty Ltd' },
      operator.headers,
    );
    // Before 2026-12-02 the operator registered it and was linked to it for good.
    expect(response.statusCode).toBe(403);
    const parties = await testApp.database.db
      .selectFrom('external_parties')
      .select('id')
      .where('name', '=', 'Operator Practice Pty Ltd')
      .execute();
    expect(parties).toEqual([]);
  });

  it('refuses a second practice for the same adviser', async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    const response = await post('/api/adviser/parties/external', company, adviser.headers);
    expect(response.statusCode).toBe(409);
  });

  it('creates one practice when the same adviser registers twice at once', async () => {
    const adviser = await createSignedInAdminUser(testApp.app, {
      tenantId: 'waratahlabs',
      externalPartyStatus: null,
    });
    const before = await testApp.database.db
      .selectFrom('external_parties')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const answers = await Promise.all([
      post('/api/adviser/parties/external', company, adviser.headers),
      post('/api/adviser/parties/external', company, adviser.headers),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const created = answers.find((answer) => answer.statusCode === 201)?.json().data;
    const { external_party_id: linked } = await testApp.database.db
      .selectFrom('admin_users')
      .select('external_party_id')
      .where('id', '=', adviser.adminUser.id)
      .executeTakeFirstOrThrow();
    expect(linked).toBe(created?.id);
    // No second practice was left behind, linked to nobody.
    const parties = await testApp.database.db
      .selectFrom('external_parties')
      .select('id')
      .where('id', '>', Number(before.id ?? 0))
      .execute();
    expect(parties.map((party) => party.id)).toEqual([created?.id]);
  });

  it('refuses an aggregator that is not on the list', async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/adviser/parties/external/details',
      headers: adviser.headers,
      payload: { credentials: { aggregator_id: 99999 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { field: 'body.credentials.aggregator_id', message: 'Please choose an aggregator from the list' },
    ]);
  });

  it('answers 404 for details before a practice exists', async () => {
    const adviser = await createSignedInAdminUser(testApp.app, { externalPartyStatus: null });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/adviser/parties/external/details',
      headers: adviser.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the audit log of a practice’s changes', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('records who registered, changed, added and disabled a practice, and from where', async () => {
    const adviser = await createSignedInAdminUser(testApp.app, { externalPartyStatus: null });
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    const call = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string>) =>
      testApp.app.inject({ method, url, headers, payload, remoteAddress: '198.51.100.8' });
    const created = await call('POST', '/api/adviser/parties/external', company, adviser.headers);
    expect(created.statusCode).toBe(201);
    const partyId = created.json().data.id;
    expect(
      (await call('PUT', '/api/adviser/parties/external/details', { phone: '02 9000 0001' }, adviser.headers))
        .statusCode,
    ).toBe(200);
    const added = await call('POST', '/api/admin/cdr/parties/external', company, operator.headers);
    expect(added.statusCode).toBe(201);
    expect(
      (
        await call(
          'PUT',
          `/api/admin/cdr/parties/external/${partyId}`,
          { status: 'disabled' },
          operator.headers,
        )
      ).statusCode,
    ).toBe(200);
    const rows = await testApp.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_type', 'target_id', 'ip'])
      .where('target_type', '=', 'external_party')
      .orderBy('id')
      .execute();
    const by = (user: typeof adviser) => user.adminUser.id;
    expect(rows).toEqual([
      {
        actor_id: by(adviser),
        action: 'party.create',
        target_type: 'external_party',
        target_id: String(partyId),
        ip: '198.51.100.8',
      },
      {
        actor_id: by(adviser),
        action: 'party.update',
        target_type: 'external_party',
        target_id: String(partyId),
        ip: '198.51.100.8',
      },
      {
        actor_id: by(operator),
        action: 'party.create',
        target_type: 'external_party',
        target_id: String(added.json().data.id),
        ip: '198.51.100.8',
      },
      {
        actor_id: by(operator),
        action: 'party.disabled',
        target_type: 'external_party',
        target_id: String(partyId),
        ip: '198.51.100.8',
      },
    ]);
  });
});
