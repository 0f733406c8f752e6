import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../../../testing/sign-in.ts';

/** An operator's decisions on a practice, through the routes: enable, disable, back to review, verify. */
describe('PUT and POST verify of api/admin/cdr/parties/external', () => {
  let testApp: TestApp;
  let operator: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
  });
  afterAll(() => testApp.close());

  const setStatus = (partyId: number, status: string) =>
    testApp.app.inject({
      method: 'PUT',
      url: `/api/admin/cdr/parties/external/${partyId}`,
      headers: operator.headers,
      payload: { status },
    });
  const verify = (id: number, status: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/admin/cdr/parties/external/verify',
      headers: operator.headers,
      payload: { id, status },
    });

  it('sets an enabled practice back to review, so that its advisers may change its name', async () => {
    const adviser = await createSignedInAdminUser(testApp.app);
    const partyId = adviser.externalParty?.id ?? 0;
    const rename = () =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/adviser/parties/external/details',
        headers: adviser.headers,
        payload: { name: 'Renamed Advice Pty Ltd' },
      });
    expect((await rename()).statusCode).toBe(403);

    const reopened = await setStatus(partyId, 'unverified');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.status).toBe('unverified');
    expect((await rename()).statusCode).toBe(200);
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'external_party')
      .where('target_id', '=', String(partyId))
      .execute();
    expect(audited.map((row) => row.action)).toContain('party.unverified');

    expect((await verify(partyId, 'enabled')).json().data).toMatchObject({
      status: 'enabled',
      name: 'Renamed Advice Pty Ltd',
    });
  });

  it('decides only a practice still in review: a disabled one is not enabled again by a stale verify', async () => {
    const adviser = await createSignedInAdminUser(testApp.app, { externalPartyStatus: 'unverified' });
    const partyId = adviser.externalParty?.id ?? 0;
    expect((await setStatus(partyId, 'disabled')).statusCode).toBe(200);

    const stale = await verify(partyId, 'enabled');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.error_message).toContain('not in review (it is disabled)');
    const party = await testApp.database.db
      .selectFrom('external_parties')
      .select('status')
      .where('id', '=', partyId)
      .executeTakeFirstOrThrow();
    expect(party.status).toBe('disabled');
    expect((await verify(987_654, 'enabled')).statusCode).toBe(404);
    // The verify call decides; it does not send a practice back to review.
    expect((await verify(partyId, 'unverified')).statusCode).toBe(400);
  });
});
