import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { confirmsCaller } from './confirm-principal.ts';

const summaryUrl = '/api/v2/transactions/summary';

describe('a caller started from a recent lookup of its bearer token', () => {
  let testApp: TestApp;
  let lookups: MockInstance;

  beforeAll(async () => {
    testApp = await buildTestApp();
    // A route that declares it confirms its caller but never runs the access statement: the last
    // hook before sending must confirm for it.
    testApp.app.get(
      '/api/v2/test/forgetful',
      { config: { ...confirmsCaller, operatorArea: null } },
      async (request) => ({
        adminUserId: request.principal?.kind === 'admin_user' ? request.principal.adminUserId : null,
      }),
    );
    lookups = vi.spyOn(testApp.app.tokens, 'findAccessTokenSubject');
  });
  afterAll(() => testApp.close());
  beforeEach(() => lookups.mockClear());

  const get = (url: string, headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url, headers });

  async function auditRows(clientId: number): Promise<number> {
    const { count } = await testApp.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** An adviser with a client whose token has just been looked up (and so is remembered). */
  async function seenAdviser() {
    const seen = await signedInAdviserWithClient(testApp.app);
    expect((await get(summaryUrl, seen.headers)).statusCode).toBe(200);
    lookups.mockClear();
    return seen;
  }

  it('confirms it in the access statement: no separate lookup, one audit row, the same answer', async () => {
    const seen = await signedInAdviserWithClient(testApp.app);
    const first = await get(summaryUrl, seen.headers);
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockClear();
    const before = await auditRows(seen.clientId);
    const second = await get(summaryUrl, seen.headers);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(lookups).not.toHaveBeenCalled();
    expect(await auditRows(seen.clientId)).toBe(before + 1);
  });

  it('looks the token up on every request to a route that does not declare it, and on every write', async () => {
    const seen = await seenAdviser();
    await get('/api/adviser/users/consents', seen.adviser.headers);
    await get('/api/v2/transactions/categories', seen.headers);
    const write = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/user/details',
      headers: seen.headers,
      payload: {},
    });
    expect(write.statusCode).toBeLessThan(500);
    expect(lookups).toHaveBeenCalledTimes(3);
  });

  it('refuses a token revoked since it was seen, writing no audit row, and forgets it', async () => {
    const seen = await seenAdviser();
    await testApp.app.tokens.revoke(seen.adviser.accessToken);
    const before = await auditRows(seen.clientId);
    const refused = await get(summaryUrl, seen.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.error_code).toBe('F0101');
    expect(await auditRows(seen.clientId)).toBe(before);
    lookups.mockClear();
    expect((await get(summaryUrl, seen.headers)).statusCode).toBe(401);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('refuses the token of an admin user suspended since it was seen', async () => {
    const seen = await seenAdviser();
    await testApp.database.db
      .updateTable('admin_users')
      .set({ status: 'suspended' })
      .where('id', '=', seen.adviser.adminUser.id)
      .execute();
    expect((await get(summaryUrl, seen.headers)).statusCode).toBe(401);
  });

  it('answers as the database has the caller now when its practice changed since it was seen', async () => {
    const seen = await seenAdviser();
    const elsewhere = await createSignedInAdminUser(testApp.app);
    await testApp.database.db
      .updateTable('admin_users')
      .set({ external_party_id: elsewhere.externalParty?.id ?? null })
      .where('id', '=', seen.adviser.adminUser.id)
      .execute();
    const before = await auditRows(seen.clientId);
    expect((await get(summaryUrl, seen.headers)).statusCode).toBe(404);
    expect(await auditRows(seen.clientId)).toBe(before);
  });

  it('gives a revoked token its 401 before the 400 or 404 its request would earn otherwise', async () => {
    const seen = await seenAdviser();
    const stranger = await signedInAdviserWithClient(testApp.app);
    expect((await get(`${summaryUrl}?period=hourly`, seen.headers)).statusCode).toBe(400);
    const notHers = { ...seen.headers, 'x-user-id': String(stranger.clientId) };
    expect((await get(summaryUrl, notHers)).statusCode).toBe(404);
    await testApp.app.tokens.revoke(seen.adviser.accessToken);
    expect((await get(summaryUrl, seen.headers)).statusCode).toBe(401);
    // The token is forgotten after the first refusal: see it again before each case.
    for (const [url, headers] of [
      [`${summaryUrl}?period=hourly`, seen.headers],
      [summaryUrl, notHers],
      [summaryUrl, { ...seen.adviser.headers }],
    ] as const) {
      const again = await seenAdviser();
      await testApp.app.tokens.revoke(again.adviser.accessToken);
      const swapped = { ...headers, authorization: again.adviser.headers.authorization };
      const answer = await get(url, swapped);
      expect(answer.statusCode, url).toBe(401);
    }
  });

  it('confirms before sending when the route answered without the access statement', async () => {
    const seen = await seenAdviser();
    const answer = await get('/api/v2/test/forgetful', seen.adviser.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ adminUserId: seen.adviser.adminUser.id });
    expect(lookups).toHaveBeenCalledTimes(1);
    await testApp.app.tokens.revoke(seen.adviser.accessToken);
    const refused = await get('/api/v2/test/forgetful', seen.adviser.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.error_code).toBe('F0101');
    expect(refused.body).not.toContain('adminUserId');
  });

  it('refuses an answer made for a caller the token no longer names as it was', async () => {
    const seen = await seenAdviser();
    await testApp.database.db
      .updateTable('admin_users')
      .set({ external_party_id: null })
      .where('id', '=', seen.adviser.adminUser.id)
      .execute();
    const refused = await get('/api/v2/test/forgetful', seen.adviser.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('adminUserId');
  });
});
