import { createHash } from 'node:crypto';
import { tokenResponseSchema } from '@waratah/contracts';
import type { FastifyInstance } from 'fastify';
import { importJWK, type JWK, SignJWT } from 'jose';
import { hashPassword } from '../auth/passwords/hash-password.ts';
import { createTestAdviser } from '../testing/create-test-adviser.ts';
import { liveTestConsent } from '../testing/live-test-consent.ts';
import { sampleFinances } from '../testing/sample-finances.ts';
import { clientPasswordSignIn, createSignedInAdminUser, tenantHost } from '../testing/sign-in.ts';
import { writeTestClient } from '../testing/write-test-client.ts';

/** Every kind of caller the authorisation matrix tries on every path. */
export const callerKinds = [
  'anonymous',
  'end user',
  'adviser of the client',
  'adviser of another practice',
  'adviser with withdrawn consent',
  'unverified adviser',
  'disabled adviser',
  'operator',
  'operator of another tenant',
  'operator without areas',
  'SSO adviser of the client',
  'SSO cookie without XSRF',
] as const;
export type CallerKind = (typeof callerKinds)[number];

export interface Caller {
  headers: Record<string, string>;
  /** The tenant whose ids fill the path (the SSO callers act on a client of the SSO tenant). */
  ids: TargetIds;
}

export interface TargetIds {
  tenantId: string;
  clientId: number;
  partyId: number;
  accountId: number;
  transactionId: number;
  providerAccountId: number;
  providerId: number;
  goalId: number;
  imageId: number;
  /**
   * Completed document exports of the client, one of each kind the API reads by id (only for the
   * clients whose documents the callers read; the others' are ids that name nothing).
   */
  exports?: Record<ExportKind, string>;
  /** A practice still in review, no caller's own, for the operator's verify (which decides only such a one). */
  partyInReviewId?: number;
}

export type ExportKind = 'financialpassport/exports' | 'statements' | 'accounts/summary';

const clientPassword = 'Security-Suite-Client-42';

const goal = {
  name: 'Holiday',
  account: 0,
  target: 'amount' as const,
  frequency: 'monthly' as const,
  status: 'active' as const,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  targetCents: 500_000,
  periodCents: 40_000,
  currentCents: 120_000,
};

/**
 * One seeded app, one client per adviser kind and the credentials of every caller kind, made
 * through the real sign-in endpoints (and, for SSO, a token signed by the identity's own key).
 */
export async function createSecurityFixture(app: FastifyInstance): Promise<Record<CallerKind, Caller>> {
  const db = app.database.db;
  const host = tenantHost('moneypartner');

  const owner = await createSignedInAdminUser(app);
  const ownerIds = await clientOf(app, owner.adminUser.id, owner.externalParty?.id ?? 0, 'moneypartner');
  await db
    .updateTable('clients')
    .set({ password_hash: await hashPassword(clientPassword) })
    .where('id', '=', ownerIds.clientId)
    .execute();
  const client = await db
    .selectFrom('clients')
    .select('email')
    .where('id', '=', ownerIds.clientId)
    .executeTakeFirstOrThrow();
  const endUserToken = await clientSignIn(app, host, client.email);

  const other = await createSignedInAdminUser(app);
  const withdrawn = await createSignedInAdminUser(app);
  const withdrawnIds = await clientOf(
    app,
    withdrawn.adminUser.id,
    withdrawn.externalParty?.id ?? 0,
    'moneypartner',
    'withdrawn',
  );
  const unverified = await createSignedInAdminUser(app, { externalPartyStatus: 'unverified' });
  const unverifiedIds = await clientOf(
    app,
    unverified.adminUser.id,
    unverified.externalParty?.id ?? 0,
    'moneypartner',
  );
  const disabled = await createSignedInAdminUser(app, { externalPartyStatus: 'disabled' });
  const disabledIds = await clientOf(
    app,
    disabled.adminUser.id,
    disabled.externalParty?.id ?? 0,
    'moneypartner',
  );
  const operator = await createSignedInAdminUser(app, { kind: 'operator' });
  const inReview = await createSignedInAdminUser(app, { externalPartyStatus: 'unverified' });
  const labs = await createSignedInAdminUser(app, { tenantId: 'waratahlabs', kind: 'operator' });
  const arealess = await createSignedInAdminUser(app, { kind: 'operator', permissions: [] });

  const sso = await ssoAdviser(app);
  const ssoIds = await clientOf(app, sso.adminUserId, sso.partyId, 'waratah');
  const ssoHeaders = {
    host: tenantHost('waratah'),
    'x-tenant-id': 'waratah',
    cookie: `app.at=${sso.token}; XSRF-TOKEN=security-suite-xsrf`,
    'x-user-id': String(ssoIds.clientId),
    'x-external-party-id': String(sso.partyId),
  };

  // Completed exports of each client whose documents the callers read, made through the real endpoints.
  ownerIds.exports = await completedExports(app, ownerIds, {
    ...owner.headers,
    'x-user-id': String(ownerIds.clientId),
  });
  ssoIds.exports = await completedExports(app, ssoIds, {
    ...ssoHeaders,
    'x-xsrf-token': 'security-suite-xsrf',
  });

  const onBehalf = (ids: TargetIds) => ({
    'x-user-id': String(ids.clientId),
    'x-external-party-id': String(ids.partyId),
  });
  return {
    anonymous: { headers: { host, ...onBehalf(ownerIds) }, ids: ownerIds },
    'end user': { headers: { host, authorization: `Bearer ${endUserToken}` }, ids: ownerIds },
    'adviser of the client': { headers: { ...owner.headers, ...onBehalf(ownerIds) }, ids: ownerIds },
    'adviser of another practice': {
      headers: {
        ...other.headers,
        ...onBehalf(ownerIds),
        'x-external-party-id': String(other.externalParty?.id),
      },
      ids: ownerIds,
    },
    'adviser with withdrawn consent': {
      headers: { ...withdrawn.headers, ...onBehalf(withdrawnIds) },
      ids: withdrawnIds,
    },
    'unverified adviser': {
      headers: { ...unverified.headers, ...onBehalf(unverifiedIds) },
      ids: unverifiedIds,
    },
    'disabled adviser': { headers: { ...disabled.headers, ...onBehalf(disabledIds) }, ids: disabledIds },
    operator: {
      headers: { ...operator.headers, ...onBehalf(ownerIds) },
      ids: { ...ownerIds, partyInReviewId: inReview.externalParty?.id ?? 0 },
    },
    'operator of another tenant': {
      headers: { ...labs.headers, ...onBehalf(ownerIds) },
      ids: { ...ownerIds, partyInReviewId: inReview.externalParty?.id ?? 0 },
    },
    'operator without areas': {
      headers: { ...arealess.headers, ...onBehalf(ownerIds) },
      ids: { ...ownerIds, partyInReviewId: inReview.externalParty?.id ?? 0 },
    },
    'SSO adviser of the client': {
      headers: { ...ssoHeaders, 'x-xsrf-token': 'security-suite-xsrf' },
      ids: ssoIds,
    },
    'SSO cookie without XSRF': { headers: ssoHeaders, ids: ssoIds },
  };
}

/** A client of the adviser's practice with known finances, a goal and an uploaded image. */
async function clientOf(
  app: FastifyInstance,
  adviserId: number,
  partyId: number,
  tenantId: string,
  consent: 'active' | 'withdrawn' = 'active',
): Promise<TargetIds> {
  const db = app.database.db;
  const written = await writeTestClient(db, {
    tenantId,
    partyId,
    adviserId,
    consent: liveTestConsent(consent),
    finances: { ...sampleFinances(), goals: [goal] },
  });
  const providerAccount = await db
    .selectFrom('provider_accounts')
    .select(['id', 'provider_id'])
    .where('client_id', '=', written.clientId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const goalRow = await db
    .selectFrom('goals')
    .select('id')
    .where('client_id', '=', written.clientId)
    .executeTakeFirstOrThrow();
  const content = Buffer.from('89504e470d0a1a0a', 'hex');
  const image = await db
    .insertInto('images')
    .values({
      tenant_id: tenantId,
      admin_user_id: adviserId,
      external_party_id: partyId,
      content,
      content_type: 'image/png',
      size_bytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    tenantId,
    clientId: written.clientId,
    partyId,
    accountId: written.accountIds[0] ?? 0,
    transactionId: written.transactionIds[0] ?? 0,
    providerAccountId: providerAccount.id,
    providerId: providerAccount.provider_id,
    goalId: goalRow.id,
    imageId: image.id,
  };
}

/** Asks for one export of each kind as `headers`' caller and waits until their jobs have made them. */
async function completedExports(
  app: FastifyInstance,
  ids: TargetIds,
  headers: Record<string, string>,
): Promise<Record<ExportKind, string>> {
  const bodies: Record<ExportKind, object> = {
    'financialpassport/exports': {},
    statements: { account_id: ids.accountId },
    'accounts/summary': {},
  };
  const exports = {} as Record<ExportKind, string>;
  for (const [kind, payload] of Object.entries(bodies) as [ExportKind, object][]) {
    const requested = await app.inject({ method: 'POST', url: `/api/v2/${kind}`, headers, payload });
    if (requested.statusCode !== 202) throw new Error(`Export request failed: ${requested.body}`);
    exports[kind] = requested.json().data.id as string;
  }
  for (const id of Object.values(exports)) {
    for (let attempt = 0; ; attempt += 1) {
      const status = await app.inject({ url: `/api/v2/documents/${id}`, headers });
      const state = status.json().data?.status;
      if (state === 'completed') break;
      if (state === 'failed' || attempt === 600)
        throw new Error(`Export ${id} did not complete: ${status.body}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return exports;
}

async function clientSignIn(app: FastifyInstance, host: string, email: string): Promise<string> {
  const response = await clientPasswordSignIn(app, { host, email, password: clientPassword });
  if (response.statusCode !== 200) throw new Error(`Client sign-in failed: ${response.body}`);
  return tokenResponseSchema.parse(response.json()).access_token;
}

/** An adviser of the SSO tenant with an enabled practice, and an access token as the identity signs it. */
async function ssoAdviser(app: FastifyInstance) {
  const db = app.database.db;
  const { adminUser: adviser, externalParty: party } = await createTestAdviser(db, {
    tenantId: 'waratah',
    email: 'security.suite@example.test',
    password: 'Security-Suite-Adviser-42',
    givenName: 'Sso',
    familyName: 'Adviser',
    practiceStatus: 'enabled',
    practiceName: 'Security Suite Practice',
  });
  if (!party) throw new Error('the SSO adviser has no practice');
  const host = tenantHost('waratah');
  const jwks = await app.inject({ url: '/oauth2/jwks', headers: { host } });
  const kid = jwks.json().keys[0].kid as string;
  const stored = await db
    .selectFrom('identity_keys')
    .select('private_key')
    .where('kid', '=', kid)
    .executeTakeFirstOrThrow();
  const key = await importJWK(stored.private_key as JWK, 'ES256');
  const token = await new SignJWT({ roles: ['adviser'] })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid })
    .setSubject(String(adviser.id))
    .setIssuer(`http://${host}/oauth2`)
    .setAudience('urn:waratah:platform-api')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
  return { adminUserId: adviser.id, partyId: party.id, token };
}
