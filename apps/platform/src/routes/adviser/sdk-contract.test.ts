import {
  type ApiClientOptions,
  createApiClient,
  createExternalParty,
  createImageDownloads,
  deleteAdviserImage,
  deleteAdviserUser,
  getAdminUserDetails,
  getAdviserPracticeConsents,
  getAdviserUser,
  getBrokersAggregators,
  getExternalPartyDetails,
  getUserDetails,
  getUserSummary,
  getVerificationStatus,
  inviteAdviserClient,
  isApiError,
  listAdviserImages,
  listAdviserUsers,
  listAuditLog,
  registerAdminUser,
  requestAdminToken,
  setPassword,
  updateAdviserUser,
  updateExternalPartyDetails,
  updateUserDetails,
  uploadAdviserImage,
  verifyEmail,
} from '@waratah/sdk';
import { resolveTenant } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { accountMailSettled, latestMail, verificationCodeIn } from '../../testing/latest-mail.ts';
import { tenantHost } from '../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';
import { sdkContractFetch } from '../sdk-contract/sdk-contract-fetch.ts';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b30000000049454e44ae426082',
  'hex',
);

/** The adviser family (api/adviser) through `@waratah/sdk`, against the real server and database. */
describe('the adviser family through the SDK', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;
  let options: ApiClientOptions;

  const clientFor = (tenant: 'moneypartner' | 'waratahlabs', token?: () => string) =>
    createApiClient({
      baseUrl: `http://${tenantHost(tenant)}`,
      apiVersion: '2.30',
      ...(token ? { getAccessToken: token } : {}),
      fetch: sdkContractFetch(testApp.app, tenantHost(tenant)),
    });

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
    options = {
      baseUrl: `http://${tenantHost('moneypartner')}`,
      apiVersion: '2.30',
      getAccessToken: () => fixture.adviser.accessToken,
      fetch: sdkContractFetch(testApp.app, fixture.adviser.headers.host),
    };
  });
  afterAll(() => testApp.close());

  it('registers an adviser and their practice: code, password, company, credentials', async () => {
    const anonymous = clientFor('waratahlabs');
    const email = 'sdk-cara@example.test';
    await registerAdminUser(anonymous, {
      email,
      given_name: 'Cara',
      family_name: 'Nguyễn',
      terms_accepted: true,
    });
    await accountMailSettled(testApp.app);
    const code = verificationCodeIn(await latestMail(testApp.app, email));
    const { invitation_token } = await verifyEmail(anonymous, { email, code });
    const password = 'Platypus-Swims-Upstream-88';
    expect(
      await setPassword(anonymous, {
        invitation_token: invitation_token ?? '',
        password,
        password_confirmation: password,
      }),
    ).toEqual({ email });
    const { oauth } = resolveTenant({ host: tenantHost('waratahlabs') }).envConfig;
    const token = await requestAdminToken(anonymous, {
      username: email,
      password,
      clientId: oauth.clientId,
      domain: oauth.domain,
    });
    const adviser = clientFor('waratahlabs', () => token.access_token);
    expect((await getAdminUserDetails(adviser)).external_party).toBeNull();

    const party = await createExternalParty(adviser, {
      name: 'Harbour Wealth Pty Ltd',
      abn: '51 824 753 556',
      address: { line1: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
      phone: '02 9000 0000',
    });
    expect(party.status).toBe('unverified');
    const [aggregator] = await getBrokersAggregators(adviser);
    const details = await updateExternalPartyDetails(adviser, {
      profession: 'broker',
      credentials: { acl_number: '123456', aggregator_id: aggregator?.id ?? 0 },
    });
    expect(details.credentials).toMatchObject({ acl_number: '123456' });
    expect((await getExternalPartyDetails(adviser)).id).toBe(party.id);
    expect(await getVerificationStatus(adviser)).toEqual({
      email,
      email_verified: true,
      external_party_status: 'unverified',
    });
  });

  it('uploads, lists, downloads and deletes an image; refuses a wrong type and an oversized one', async () => {
    const client = createApiClient(options);
    const uploaded = await uploadAdviserImage(client, {
      file: new Blob([png]),
      fileName: 'logo.png',
      contentType: 'image/png',
    });
    expect(uploaded).toMatchObject({ content_type: 'image/png', size: png.length });
    expect((await listAdviserImages(client)).map((image) => image.id)).toEqual([uploaded.id]);
    const downloaded = await createImageDownloads(options).downloadImage(uploaded);
    expect(downloaded.contentType).toBe('image/png');
    expect(Buffer.from(await downloaded.blob.arrayBuffer()).equals(png)).toBe(true);

    const wrongType = await uploadAdviserImage(client, {
      file: new Blob(['not an image']),
      fileName: 'notes.txt',
      contentType: 'text/plain',
    }).catch((error: unknown) => error);
    expect(isApiError(wrongType) && [wrongType.status, wrongType.code]).toEqual([415, 'F0024']);
    const oversized = await uploadAdviserImage(client, {
      file: new Blob([new Uint8Array(8 * 1024 * 1024 + 1)]),
      fileName: 'huge.png',
      contentType: 'image/png',
    }).catch((error: unknown) => error);
    expect(isApiError(oversized) && [oversized.status, oversized.code]).toEqual([413, 'F0023']);

    await deleteAdviserImage(client, uploaded.id);
    expect(await listAdviserImages(client)).toEqual([]);
    const gone = await createImageDownloads(options)
      .downloadImage(uploaded)
      .catch((error: unknown) => error);
    expect(isApiError(gone) && gone.status).toBe(404);
  });

  it('lists, reads, changes, invites and deletes clients, and acts for one', async () => {
    const client = createApiClient(options);
    const as = { userId: fixture.clientId };
    expect((await listAdviserUsers(client)).data.map((user) => user.id)).toEqual([fixture.clientId]);
    expect((await getAdviserUser(client, fixture.clientId)).consent?.status).toBe('active');
    expect((await updateAdviserUser(client, fixture.clientId, { given_name: 'Renamed' })).given_name).toBe(
      'Renamed',
    );
    expect((await getAdviserPracticeConsents(client)).ended_total).toBe(0);
    const audit = await listAuditLog(client, '/api/adviser', { size: 1 });
    expect(audit.data[0]?.actor_id).toBe(fixture.adviser.adminUser.id);
    expect(audit.after).toBe(String(audit.data[0]?.id));

    expect((await getUserDetails(client, '/api/adviser/client', as)).id).toBe(fixture.clientId);
    expect(
      (await updateUserDetails(client, { family_name: 'Changed' }, '/api/adviser/client', as)).family_name,
    ).toBe('Changed');
    expect((await getUserSummary(client, '/api/adviser/client', as)).transactions_count).toBeGreaterThan(0);

    const invited = await inviteAdviserClient(client, {
      email: 'sdk-invitee@example.test',
      given_name: 'Ivy',
      family_name: 'Invitee',
    });
    expect(invited.consent?.status).toBe('pending');
    await deleteAdviserUser(client, invited.id, { externalPartyId: fixture.partyId });
    const deleted = await getAdviserUser(client, invited.id).catch((error: unknown) => error);
    expect(isApiError(deleted) && deleted.status).toBe(404);
  });
});
