import {
  type ApiClient,
  createApiClient,
  createCdrParty,
  getAdminBrokersAggregators,
  getAdminUser,
  getAdminUserDetails,
  getUserDetails,
  getUserSummary,
  inviteAdminClient,
  inviteAdminUser,
  isApiError,
  listAdminUsers,
  listAuditLog,
  listPartiesToVerify,
  refreshAdminClientSummary,
  resetPassword,
  updateAdminClient,
  updateAdminUser,
  updateAdminUserPermissions,
  updatePartyStatus,
  updateUserDetails,
  verifyParty,
} from '@waratah/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { accountMailSettled, latestMail } from '../../testing/latest-mail.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';
import { sdkContractFetch } from '../sdk-contract/sdk-contract-fetch.ts';

/** The admin family (api/admin) through `@waratah/sdk`, against the real server and database. */
describe('the admin family through the SDK', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;
  let operator: SignedInAdminUser;
  let adviser: ApiClient;
  let operatorClient: ApiClient;

  const clientFor = (user: SignedInAdminUser | null) =>
    createApiClient({
      baseUrl: 'http://moneypartner.localhost:8080',
      apiVersion: '2.30',
      ...(user ? { getAccessToken: () => user.accessToken } : {}),
      fetch: sdkContractFetch(testApp.app, 'moneypartner.localhost:8080'),
    });

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
    operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    adviser = clientFor(fixture.adviser);
    operatorClient = clientFor(operator);
  });
  afterAll(() => testApp.close());

  it('reads the signed-in admin user, invites a colleague and sends a reset e-mail', async () => {
    const details = await getAdminUserDetails(adviser);
    expect(details.external_party?.id).toBe(fixture.partyId);
    const invited = await inviteAdminUser(adviser, {
      email: 'sdk-colleague@example.test',
      given_name: 'Bob',
      family_name: 'Colleague',
    });
    expect(invited).toEqual({ email: 'sdk-colleague@example.test', email_verified: false });
    await accountMailSettled(testApp.app);
    expect((await latestMail(testApp.app, 'sdk-colleague@example.test'))?.links[0]?.url).toMatch(
      /invitation_token=/,
    );
    const reset = await resetPassword(clientFor(null), { email: fixture.adviser.adminUser.email });
    expect(reset.data.message).toBeTruthy();
  });

  it('lets an operator set another operator’s permission areas; refuses an adviser', async () => {
    const colleague = await createSignedInAdminUser(testApp.app, { kind: 'operator', permissions: [] });
    const set = await updateAdminUserPermissions(operatorClient, colleague.adminUser.id, [
      'user_details',
      'audit',
    ]);
    expect(set).toEqual({ id: colleague.adminUser.id, permissions: ['audit', 'user_details'] });
    expect((await getAdminUserDetails(clientFor(colleague))).permissions).toEqual(['audit', 'user_details']);
    const refused = await updateAdminUserPermissions(adviser, colleague.adminUser.id, []).catch(
      (error) => error,
    );
    expect(isApiError(refused) && refused.status).toBe(403);
  });

  it('lets an operator create, queue, verify and switch practices; refuses an adviser', async () => {
    const party = await createCdrParty(operatorClient, {
      name: 'Operator Made Pty Ltd',
      abn: '51 824 753 556',
      address: { line1: '2 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
      phone: '02 9000 0001',
    });
    expect(party.status).toBe('enabled');
    expect((await updatePartyStatus(operatorClient, party.id, 'disabled')).status).toBe('disabled');
    const registering = await createSignedInAdminUser(testApp.app, { externalPartyStatus: 'unverified' });
    const waiting = registering.externalParty?.id ?? 0;
    expect((await listPartiesToVerify(operatorClient)).map((item) => item.id)).toContain(waiting);
    expect((await verifyParty(operatorClient, { id: waiting, status: 'enabled' })).status).toBe('enabled');
    expect((await listPartiesToVerify(operatorClient)).map((item) => item.id)).not.toContain(waiting);
    expect((await getAdminBrokersAggregators(operatorClient)).length).toBeGreaterThan(0);
    const refused = await updatePartyStatus(adviser, party.id, 'enabled').catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(403);
  });

  it('lists, reads and changes clients, invites one, and acts for one through the admin paths', async () => {
    const as = { userId: fixture.clientId };
    expect((await listAdminUsers(adviser)).data.map((user) => user.id)).toEqual([fixture.clientId]);
    expect((await getAdminUser(adviser, fixture.clientId)).id).toBe(fixture.clientId);
    expect((await updateAdminUser(adviser, fixture.clientId, { given_name: 'Ada' })).given_name).toBe('Ada');
    expect((await updateAdminClient(adviser, { family_name: 'Admin' }, as)).family_name).toBe('Admin');
    expect((await refreshAdminClientSummary(adviser, fixture.clientId)).accounts_count).toBeGreaterThan(0);
    // The change above is in the practice's audit log, about this client.
    expect(
      (await listAuditLog(adviser, '/api/admin', { client_id: fixture.clientId })).data.length,
    ).toBeGreaterThan(0);

    expect((await getUserDetails(adviser, '/api/admin/client', as)).given_name).toBe('Ada');
    expect(
      (await updateUserDetails(adviser, { given_name: 'Adeline' }, '/api/admin/client', as)).given_name,
    ).toBe('Adeline');
    expect((await getUserSummary(adviser, '/api/admin/client', as)).accounts_count).toBeGreaterThan(0);

    const invited = await inviteAdminClient(adviser, {
      email: 'sdk-admin-invitee@example.test',
      given_name: 'Ivo',
      family_name: 'Invitee',
    });
    expect(invited.consent?.status).toBe('pending');
    const missing = await getAdminUser(adviser, 999_999).catch((error: unknown) => error);
    expect(isApiError(missing) && missing.status).toBe(404);
  });
});
