import { tokenResponseSchema } from '@waratah/contracts';
import { endEverySignIn } from '@waratah/identity';
import type { TenantId } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRetryAnswer } from '../../auth/tokens/refresh-retry-answer.ts';
import { hashTokenSecret } from '../../auth/tokens/token-secret.ts';
import type { Database } from '../../db/database-schema.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { waitForALockWait } from '../../testing/lock-wait.ts';
import { createSignedInAdminUser } from '../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../testing/signed-in-adviser-with-client.ts';

const host = 'moneypartner.localhost:8080';
const client = { client_id: 'moneypartner-adviser-portal', domain: 'moneypartner.com.au' };
const detailsUrl = '/api/admin/adminusers/details';

describe('refresh and revoke', () => {
  let testApp: TestApp;

  /**
   * The audit rows of one admin user's sign-ins ended (signed out, or ended by a reused refresh
   * token) and refreshes repeated.
   */
  const sessionEvents = (adminUserId: number) =>
    testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'ip'])
      .where('actor_kind', '=', 'admin_user')
      .where('actor_id', '=', adminUserId)
      .where('action', 'in', ['session.sign_out', 'session.refresh_reused', 'session.refresh_repeated'])
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  function refresh(refreshToken: string) {
    return testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host },
      payload: { grant_type: 'refresh_token', refresh_token: refreshToken, ...client },
    });
  }

  function details(accessToken: string) {
    return testApp.app.inject({
      method: 'GET',
      url: detailsUrl,
      headers: { host, authorization: `Bearer ${accessToken}` },
    });
  }

  it('rotates a refresh token: it works once, and a second use after its successor’s ends the whole sign-in', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    const first = await refresh(signedIn.refreshToken);
    expect(first.statusCode).toBe(200);
    const successor = tokenResponseSchema.parse(first.json());
    expect(successor.refresh_token).not.toBe(signedIn.refreshToken);
    const second = await refresh(successor.refresh_token ?? '');
    expect(second.statusCode).toBe(200);
    const rotated = tokenResponseSchema.parse(second.json());
    expect((await details(rotated.access_token)).statusCode).toBe(200);

    expect(await sessionEvents(signedIn.adminUser.id)).toEqual([]);
    const reused = await refresh(signedIn.refreshToken);
    expect(reused.statusCode).toBe(400);
    expect(await sessionEvents(signedIn.adminUser.id)).toEqual([
      { action: 'session.refresh_reused', target_id: client.client_id, ip: '127.0.0.1' },
    ]);
    expect(reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token was already used; please sign in again',
    });
    expect((await details(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token ?? '')).json().error).toBe('invalid_grant');
  });

  it('answers a refresh token spent again within the grace, while its successor is unspent, as before', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    const lost = tokenResponseSchema.parse((await refresh(signedIn.refreshToken)).json());
    const retried = await refresh(signedIn.refreshToken);
    expect(retried.statusCode).toBe(200);
    const again = tokenResponseSchema.parse(retried.json());
    // The same tokens (a retry repeated gets them too), nothing revoked, the retry audited.
    expect([again.access_token, again.refresh_token]).toEqual([lost.access_token, lost.refresh_token]);
    expect(again.expires_in).toBeLessThanOrEqual(lost.expires_in ?? 0);
    expect(again.expires_in).toBeGreaterThan((lost.expires_in ?? 0) - 5);
    const third = tokenResponseSchema.parse((await refresh(signedIn.refreshToken)).json());
    expect(third.refresh_token).toBe(lost.refresh_token);
    expect((await details(lost.access_token)).statusCode).toBe(200);
    expect((await sessionEvents(signedIn.adminUser.id)).map((row) => row.action)).toEqual([
      'session.refresh_repeated',
      'session.refresh_repeated',
    ]);
    // Its successor spent, the first token is a reuse again: the sign-in ends.
    const next = tokenResponseSchema.parse((await refresh(lost.refresh_token ?? '')).json());
    expect((await refresh(signedIn.refreshToken)).json().error).toBe('invalid_grant');
    expect((await details(next.access_token)).statusCode).toBe(401);
  });

  it('finds a leak retried in the grace at the next refresh of whichever holder comes second', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    const owner = tokenResponseSchema.parse((await refresh(signedIn.refreshToken)).json());
    // A thief replays the spent token within the grace: it gets the owner's very tokens, no new ones.
    const thief = tokenResponseSchema.parse((await refresh(signedIn.refreshToken)).json());
    expect(thief.refresh_token).toBe(owner.refresh_token);
    // The owner's next refresh, and the thief's later than the grace after it: the sign-in ends.
    expect((await refresh(owner.refresh_token ?? '')).statusCode).toBe(200);
    await testApp.database.db
      .updateTable('oauth_tokens')
      .set({ revoked_at: new Date(Date.now() - 31_000) })
      .where('token_hash', '=', hashTokenSecret(owner.refresh_token ?? ''))
      .execute();
    expect((await refresh(thief.refresh_token ?? '')).json().error).toBe('invalid_grant');
    expect((await sessionEvents(signedIn.adminUser.id)).map((row) => row.action)).toEqual([
      'session.refresh_repeated',
      'session.refresh_reused',
    ]);
  });

  it('keeps a refresh’s answer only for the token it replaced, sealed, and drops it once spent', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    const issued = tokenResponseSchema.parse((await refresh(signedIn.refreshToken)).json());
    const stored = async (secret: string | undefined) =>
      (
        await testApp.database.db
          .selectFrom('oauth_tokens')
          .select('retry_answer')
          .where('token_hash', '=', hashTokenSecret(secret ?? ''))
          .executeTakeFirstOrThrow()
      ).retry_answer;
    const sealed = await stored(issued.refresh_token);
    expect(sealed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(issued.refresh_token ?? '');
    expect(openRetryAnswer('another-token', sealed ?? '', hashTokenSecret(issued.refresh_token ?? ''))).toBe(
      undefined,
    );
    await refresh(issued.refresh_token ?? '');
    expect(await stored(issued.refresh_token)).toBeNull();
  });

  it('takes a spent refresh token for a leak after the grace, or once its successor was used', async () => {
    const late = await createSignedInAdminUser(testApp.app);
    tokenResponseSchema.parse((await refresh(late.refreshToken)).json());
    await testApp.database.db
      .updateTable('oauth_tokens')
      .set({ revoked_at: new Date(Date.now() - 31_000) })
      .where('token_hash', '=', hashTokenSecret(late.refreshToken))
      .execute();
    expect((await refresh(late.refreshToken)).json().error).toBe('invalid_grant');
    expect((await sessionEvents(late.adminUser.id)).map((row) => row.action)).toEqual([
      'session.refresh_reused',
    ]);

    const used = await createSignedInAdminUser(testApp.app);
    const successor = tokenResponseSchema.parse((await refresh(used.refreshToken)).json());
    expect((await details(successor.access_token)).statusCode).toBe(200);
    const rotated = tokenResponseSchema.parse((await refresh(successor.refresh_token ?? '')).json());
    expect((await refresh(used.refreshToken)).json().error).toBe('invalid_grant');
    expect((await details(rotated.access_token)).statusCode).toBe(401);

    // A sign-out revoked the successor: the spent token is refused, and no leak is recorded.
    const signedOut = await createSignedInAdminUser(testApp.app);
    const last = tokenResponseSchema.parse((await refresh(signedOut.refreshToken)).json());
    await testApp.app.tokens.revoke(last.access_token);
    expect((await refresh(signedOut.refreshToken)).json().error).toBe('invalid_grant');
    expect((await sessionEvents(signedOut.adminUser.id)).map((row) => row.action)).toEqual([
      'session.sign_out',
    ]);
  });

  it('refuses a refresh token presented by another client', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host },
      payload: {
        grant_type: 'refresh_token',
        refresh_token: signedIn.refreshToken,
        client_id: 'moneypartner-adviser-portal-sandbox',
      },
    });
    expect(response.json().error).toBe('invalid_client');
  });

  it('revokes for real, answers 200 for unknown tokens, and reads forms', async () => {
    const signedIn = await createSignedInAdminUser(testApp.app);
    expect((await details(signedIn.accessToken)).statusCode).toBe(200);
    const revoke = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/oauth/revoke',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          token: signedIn.accessToken,
          token_type_hint: 'access_token',
          ...client,
        }).toString(),
        remoteAddress: '203.0.113.40',
      });
    const revoked = await revoke();
    expect(revoked.statusCode).toBe(200);
    expect((await revoke()).statusCode).toBe(200);
    expect(revoked.headers['cache-control']).toBe('no-store');
    const after = await details(signedIn.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.error_code).toBe('F0101');
    expect((await refresh(signedIn.refreshToken)).statusCode).toBe(400);
    // The sign-out is audited once: revoking a sign-in already ended writes nothing more, and its
    // refresh token presented again is refused without being taken for a leak.
    expect(await sessionEvents(signedIn.adminUser.id)).toEqual([
      { action: 'session.sign_out', target_id: client.client_id, ip: '203.0.113.40' },
    ]);

    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: { host },
      payload: { token: 'nope' },
    });
    expect(unknown.statusCode).toBe(200);
  });

  it('issues client_credentials tokens to an operator service client, without a refresh token', async () => {
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });

    await testApp.database.db
      .insertInto('service_clients')
      .values({
        tenant_id: 'moneypartner',
        client_id: 'reporting-job',
        secret_hash: hashTokenSecret('s3cret-s3cret-s3cret'),
        admin_user_id: operator.adminUser.id,
        name: 'Reporting job',
      })
      .execute();
    const basic = Buffer.from('reporting-job:s3cret-s3cret-s3cret').toString('base64');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host, authorization: `Basic ${basic}` },
      payload: { grant_type: 'client_credentials' },
    });
    expect(response.statusCode).toBe(200);
    const token = tokenResponseSchema.parse(response.json());
    expect(token.refresh_token).toBeUndefined();
    expect((await details(token.access_token)).json().data.kind).toBe('operator');

    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/oauth/admin/token',
      headers: { host },
      payload: { grant_type: 'client_credentials', client_id: 'reporting-job', client_secret: 'wrong' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
  });

  /**
   * A refresh under way, as rotateRefreshToken runs it, on another connection: the spent token's
   * row held, its new tokens written, not yet committed. `commit` lets it finish.
   */
  async function refreshHeldOpen(refreshToken: string) {
    const db = testApp.database.db;
    const spent = await db
      .selectFrom('oauth_tokens')
      .selectAll()
      .where('token_hash', '=', hashTokenSecret(refreshToken))
      .executeTakeFirstOrThrow();
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let written: () => void = () => undefined;
    const writtenYet = new Promise<void>((resolve) => {
      written = resolve;
    });
    const rotation = db.transaction().execute(async (trx) => {
      await trx
        .updateTable('oauth_tokens')
        .set({ revoked_at: new Date() })
        .where('id', '=', spent.id)
        .execute();
      await trx
        .insertInto('oauth_tokens')
        .values(
          (['access', 'refresh'] as const).map((kind) => ({
            token_hash: hashTokenSecret(`rotated-${kind}-${spent.id}`),
            kind,
            subject_kind: spent.subject_kind,
            subject_id: spent.subject_id,
            tenant_id: spent.tenant_id,
            client_id: spent.client_id,
            family_id: spent.family_id,
            rotated_from: kind === 'refresh' ? spent.id : null,
            expires_at: new Date(Date.now() + 3_600_000),
          })),
        )
        .execute();
      written();
      await finished;
    });
    await writtenYet;
    return {
      familyId: spent.family_id,
      /** Lets the refresh commit once the revocation waits on its held row. */
      async commit() {
        await waitForALockWait(
          testApp.database.db,
          'The revocation never waited on the refresh: it cannot have met its held row',
        );
        finish();
        await rotation;
      },
    };
  }

  const liveTokensOf = (familyId: string) =>
    testApp.database.db
      .selectFrom('oauth_tokens')
      .select('kind')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();

  // These need a second connection: PGlite runs one statement at a time, so no refresh can be under
  // way while a revocation runs.
  it.runIf(process.env.DATABASE_URL)(
    'a sign-out during a refresh on another connection also ends the tokens that refresh wrote',
    async () => {
      const signedIn = await createSignedInAdminUser(testApp.app);
      const refresh = await refreshHeldOpen(signedIn.refreshToken);
      const signOut = testApp.app.tokens.revoke(signedIn.accessToken);
      await refresh.commit();
      await signOut;
      expect(await liveTokensOf(refresh.familyId)).toEqual([]);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'a retry that ends the sign-in and a sign-out on another connection wait for each other, never deadlock',
    async () => {
      const signedIn = await createSignedInAdminUser(testApp.app);
      const db = testApp.database.db;
      const owner = tokenResponseSchema.parse((await refresh(signedIn.refreshToken)).json());
      const successor = hashTokenSecret(owner.refresh_token ?? '');
      // No answer kept: the retry is a reuse, and revokes the family.
      await db
        .updateTable('oauth_tokens')
        .set({ retry_answer: null })
        .where('token_hash', '=', successor)
        .execute();
      const { family_id: familyId } = await db
        .selectFrom('oauth_tokens')
        .select('family_id')
        .where('token_hash', '=', successor)
        .executeTakeFirstOrThrow();
      let retried: Promise<{ statusCode: number }> | undefined;
      // A sign-out under way: it holds the family's first live row (it locks them in id order),
      // and the retry waits for it. It then revokes the successor, which the retry used to hold.
      await db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('oauth_tokens')
          .select('id')
          .where('family_id', '=', familyId)
          .where('revoked_at', 'is', null)
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .execute();
        retried = refresh(signedIn.refreshToken);
        await waitForALockWait(db, 'The retry never waited on the sign-out');
        await trx
          .updateTable('oauth_tokens')
          .set({ revoked_at: new Date() })
          .where('token_hash', '=', successor)
          .execute();
      });
      expect((await retried)?.statusCode).toBe(400);
      expect(await liveTokensOf(familyId)).toEqual([]);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'a new password set during a refresh on another connection also ends the tokens that refresh wrote',
    async () => {
      const signedIn = await createSignedInAdminUser(testApp.app);
      const refresh = await refreshHeldOpen(signedIn.refreshToken);
      const ended = endEverySignIn<Database>(testApp.database.db, signedIn.adminUser.id);
      await refresh.commit();
      await ended;
      expect(await liveTokensOf(refresh.familyId)).toEqual([]);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'a client’s suspension during a refresh on another connection also ends the tokens that refresh wrote',
    async () => {
      const fixture = await signedInAdviserWithClient(testApp.app);
      const signedIn = await testApp.app.tokens.issueForSignIn({
        kind: 'client',
        id: fixture.clientId,
        tenantId: fixture.adviser.adminUser.tenant_id as TenantId,
        clientId: 'test-client',
      });
      const refresh = await refreshHeldOpen(signedIn.refreshToken ?? '');
      const suspension = testApp.app.inject({
        method: 'PUT',
        url: `/api/adviser/users/${fixture.clientId}`,
        headers: { ...fixture.adviser.headers, 'x-external-party-id': String(fixture.partyId) },
        payload: { status: 'suspended' },
      });
      await refresh.commit();
      expect((await suspension).statusCode).toBe(200);
      expect(await liveTokensOf(refresh.familyId)).toEqual([]);
    },
  );
});
