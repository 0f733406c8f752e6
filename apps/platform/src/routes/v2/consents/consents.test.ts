import { consentListResponseSchema, consentResponseSchema } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireConsents } from '../../../consents/consents-repository.ts';
import { revokeHolderConsentJob } from '../../../open-banking/holder-consent-revocation.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { createSignedInAdminUser, tenantHost } from '../../../testing/sign-in.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

const month = 30 * 24 * 60 * 60;

describe('consents: the client grants and withdraws an adviser’s access', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  /** The jobs that end the client's test holder consent (`clientWithOpenBankingData`). */
  const revocationsOf = async (clientId: number) =>
    (
      await sql<{ name: string; last_error: string | null }>`
        select name, last_error from jobs
        where payload ->> 'consentId' = ${`cns-consent-test-${clientId}`}`.execute(testApp.database.db)
    ).rows;

  /** An adviser's client with an open-banking connection (one account, two transactions) besides the demo data. */
  async function clientWithOpenBankingData() {
    const fixture = await signedInAdviserWithClient(testApp.app);
    const db = testApp.database.db;
    const provider = await db
      .insertInto('providers')
      .values({
        name: `Consent Test Bank ${fixture.clientId}`,
        status: 'supported',
        container_names: '["bank"]',
        small_logo_url: null,
        // No holder listens there: the job that ends the consent at the holder is queued, and fails.
        base_url: `http://127.0.0.1:9/data-holder/consent-test-bank-${fixture.clientId}/cds-au/v1`,
        aggregator_type: 'cdr',
        popular: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tenantId = fixture.adviser.adminUser.tenant_id as TenantId;
    const connection = await db
      .insertInto('provider_accounts')
      .values({
        tenant_id: tenantId,
        client_id: fixture.clientId,
        provider_id: provider.id,
        status: 'success',
        holder_consent_id: `cns-consent-test-${fixture.clientId}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = await db
      .insertInto('accounts')
      .values({
        tenant_id: tenantId,
        client_id: fixture.clientId,
        provider_account_id: connection.id,
        account_name: 'CDR Everyday',
        container: 'bank',
        account_type: 'bank_account',
        current_balance: '10.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('transactions')
      .values(
        ['-1.00', '-2.00'].map((amount) => ({
          tenant_id: tenantId,
          client_id: fixture.clientId,
          account_id: account.id,
          amount,
          base_type: 'debit' as const,
          transaction_date: '2026-11-01',
          description_original: 'CDR',
          budget_category: 'living',
        })),
      )
      .execute();
    const tokens = await testApp.app.tokens.issueForSignIn(
      { kind: 'client', id: fixture.clientId, tenantId, clientId: 'test-client' },
      { withRefreshToken: false },
    );
    const clientHeaders = { host: tenantHost(tenantId), authorization: `Bearer ${tokens.accessToken}` };
    return { ...fixture, connectionId: connection.id, clientHeaders };
  }

  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it("keeps a client's bank data when a link without a current consent is unlinked", async () => {
    const fixture = await clientWithOpenBankingData();
    const db = testApp.database.db;
    // The client's banks connected by themselves while no consent is current (between consents).
    await db
      .updateTable('client_links')
      .set({ consent_status: 'withdrawn' })
      .where('client_id', '=', fixture.clientId)
      .execute();
    const client = await db
      .selectFrom('clients')
      .select('email')
      .where('id', '=', fixture.clientId)
      .executeTakeFirstOrThrow();
    // Another practice invites the client's address, then unlinks its own pending invitation.
    const other = await createSignedInAdminUser(testApp.app, { tenantId: 'moneypartner' });
    const invited = await inject('POST', '/api/adviser/user/invite/legacy', other.headers, {
      email: client.email,
      given_name: 'Any',
      family_name: 'Name',
    });
    expect(invited.statusCode).toBe(201);
    const unlink = (headers: Record<string, string>, partyId: number | undefined) =>
      inject('DELETE', `/api/adviser/users/${fixture.clientId}`, {
        ...headers,
        'x-external-party-id': String(partyId),
      });
    expect((await unlink(other.headers, other.externalParty?.id)).statusCode).toBe(204);
    // A third practice's invitation, declined by the client: nothing of theirs goes either.
    const third = await createSignedInAdminUser(testApp.app, { tenantId: 'moneypartner' });
    await inject('POST', '/api/adviser/user/invite/legacy', third.headers, {
      email: client.email,
      given_name: 'Any',
      family_name: 'Name',
    });
    const pending = await db
      .selectFrom('client_links')
      .select('id')
      .where('client_id', '=', fixture.clientId)
      .where('external_party_id', '=', third.externalParty?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect((await inject('DELETE', `/api/v2/consents/${pending.id}`, fixture.clientHeaders)).statusCode).toBe(
      200,
    );
    // And the first practice unlinks its withdrawn one (its data was disposed of at the withdrawal).
    expect((await unlink(fixture.adviser.headers, fixture.partyId)).statusCode).toBe(204);
    const connections = await db
      .selectFrom('provider_accounts')
      .select('id')
      .where('client_id', '=', fixture.clientId)
      .execute();
    expect(connections.map((row) => row.id)).toContain(fixture.connectionId);
    const transactions = await db
      .selectFrom('transactions')
      .innerJoin('accounts', 'accounts.id', 'transactions.account_id')
      .select('transactions.id')
      .where('accounts.provider_account_id', '=', fixture.connectionId)
      .execute();
    expect(transactions).toHaveLength(2);
  });

  it('disposes of the data when a consent past its expiry, not yet swept, is unlinked', async () => {
    const fixture = await clientWithOpenBankingData();
    const db = testApp.database.db;
    await db
      .updateTable('client_links')
      .set({ consent_expiry: new Date(Date.now() - 86_400_000) })
      .where('client_id', '=', fixture.clientId)
      .execute();
    const unlinked = await inject('DELETE', `/api/adviser/users/${fixture.clientId}`, {
      ...fixture.adviser.headers,
      'x-external-party-id': String(fixture.partyId),
    });
    expect(unlinked.statusCode).toBe(204);
    // The sweep would have disposed of it; with the link gone it never will, so the unlink does.
    const connections = await db
      .selectFrom('provider_accounts')
      .select('id')
      .where('client_id', '=', fixture.clientId)
      .execute();
    expect(connections.map((row) => row.id)).not.toContain(fixture.connectionId);
    expect((await revocationsOf(fixture.clientId)).map((row) => row.name)).toEqual([revokeHolderConsentJob]);
  });

  it('a withdrawal ends the adviser’s access at once and deletes the open-banking data', async () => {
    const fixture = await clientWithOpenBankingData();
    expect((await inject('GET', '/api/v2/accounts', fixture.headers)).statusCode).toBe(200);

    const list = consentListResponseSchema.parse(
      (await inject('GET', '/api/v2/consents', fixture.clientHeaders)).json(),
    );
    expect(list.data).toHaveLength(1);
    const consent = list.data[0];
    // The adviser has read the data, so the practice's consent is in use (mark-consent-in-use.ts).
    expect(consent?.status).toBe('in_use');
    // The adviser sees the practice's consent, but cannot withdraw it for the client.
    expect((await inject('GET', '/api/v2/consents', fixture.headers)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/v2/consents/${consent?.id}`, fixture.headers)).statusCode).toBe(403);

    const withdrawn = await inject('DELETE', `/api/v2/consents/${consent?.id}`, fixture.clientHeaders);
    expect(withdrawn.statusCode).toBe(200);
    const body = consentResponseSchema.parse(withdrawn.json()).data;
    expect(body.status).toBe('withdrawn');
    expect(body.events.at(-1)?.event_type).toBe('withdrawal');
    expect(body.sharing_stopped_at).not.toBeNull();

    expect((await inject('GET', '/api/v2/accounts', fixture.headers)).statusCode).toBe(404);
    const db = testApp.database.db;
    const left = await db
      .selectFrom('provider_accounts')
      .select('id')
      .where('client_id', '=', fixture.clientId)
      .execute();
    expect(left.map((row) => row.id)).not.toContain(fixture.connectionId);
    const cdrTransactions = await db
      .selectFrom('transactions')
      .select('id')
      .where('client_id', '=', fixture.clientId)
      .where('description_original', '=', 'CDR')
      .execute();
    expect(cdrTransactions).toEqual([]);
    // The holder is told through a job queued with the delete (retried while it does not answer).
    expect((await revocationsOf(fixture.clientId)).map((row) => row.name)).toEqual([revokeHolderConsentJob]);
    // The app's worker takes it up: nothing listens at the holder's address, so it waits to retry.
    await expect
      .poll(async () => (await revocationsOf(fixture.clientId))[0]?.last_error ?? '', { timeout: 10_000 })
      .toMatch(/fetch failed|ECONNREFUSED/);
    // Withdrawing twice is refused.
    expect(
      (await inject('DELETE', `/api/v2/consents/${consent?.id}`, fixture.clientHeaders)).statusCode,
    ).toBe(409);

    // Granting again, for a configured duration, gives the practice access again.
    const partyId = consent?.external_party.id ?? 0;
    const wrong = await inject('POST', '/api/v2/consents', fixture.clientHeaders, {
      external_party_id: partyId,
      sharing_duration: 5,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields[0].field).toBe('body.sharing_duration');
    const tooLong = await inject('POST', '/api/v2/consents', fixture.clientHeaders, {
      external_party_id: partyId,
      sharing_duration: 400 * 24 * 60 * 60,
    });
    expect(tooLong.statusCode).toBe(400);
    const granted = await inject('POST', '/api/v2/consents', fixture.clientHeaders, {
      external_party_id: partyId,
      sharing_duration: 3 * month,
    });
    expect(granted.statusCode).toBe(201);
    const renewed = consentResponseSchema.parse(granted.json()).data;
    expect(renewed).toMatchObject({ status: 'active', sharing_duration: 3 * month });
    expect(renewed.events.slice(-2).map((event) => event.event_type)).toEqual(['withdrawal', 'confirmation']);
    expect((await inject('GET', '/api/v2/accounts', fixture.headers)).statusCode).toBe(200);
  });

  it('the expiry sweep expires consents past their end and deletes the data no consent covers', async () => {
    const fixture = await clientWithOpenBankingData();
    const db = testApp.database.db;
    const now = new Date();
    await db
      .updateTable('client_links')
      .set({
        consent_start: new Date(now.getTime() - 40 * 86_400_000),
        consent_expiry: new Date(now.getTime() - 10 * 86_400_000),
      })
      .where('client_id', '=', fixture.clientId)
      .execute();
    // The gate closes at the expiry, before any sweep.
    expect((await inject('GET', '/api/v2/accounts', fixture.headers)).statusCode).toBe(404);
    expect(await expireConsents(db, now)).toBeGreaterThanOrEqual(1);
    const link = await db
      .selectFrom('client_links')
      .select('consent_status')
      .where('client_id', '=', fixture.clientId)
      .executeTakeFirstOrThrow();
    expect(link.consent_status).toBe('expired');
    const connection = await db
      .selectFrom('provider_accounts')
      .select('id')
      .where('id', '=', fixture.connectionId)
      .executeTakeFirst();
    expect(connection).toBeUndefined();
    // The platform's own change is audited, in the sweep's transaction (before 2026-11-30, nothing).
    const audited = await db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id', 'action', 'target_type', 'ip'])
      .where('client_id', '=', fixture.clientId)
      .where('action', '=', 'consent.expire')
      .execute();
    expect(audited).toEqual([
      { actor_kind: 'system', actor_id: 0, action: 'consent.expire', target_type: 'consent', ip: null },
    ]);
  });

  it('the expiry sweep keeps a consent renewed after it read the due ones', async () => {
    const fixture = await clientWithOpenBankingData();
    const db = testApp.database.db;
    const now = new Date();
    await db
      .updateTable('client_links')
      .set({
        consent_start: new Date(now.getTime() - 40 * 86_400_000),
        consent_expiry: new Date(now.getTime() - 10 * 86_400_000),
      })
      .where('client_id', '=', fixture.clientId)
      .execute();
    const [consent] = consentListResponseSchema.parse(
      (await inject('GET', '/api/v2/consents', fixture.clientHeaders)).json(),
    ).data;
    // Past its expiry and not yet swept, it has ended: withdrawing it is refused as for a swept one.
    expect(consent?.status).toBe('expired');
    expect(
      (await inject('DELETE', `/api/v2/consents/${consent?.id}`, fixture.clientHeaders)).statusCode,
    ).toBe(409);
    // The client renews between the sweep's read of the due consents and its update of this one.
    let renewed = false;
    const racing = new Proxy(db, {
      get(target, property) {
        if (property !== 'transaction') {
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return () => ({
          execute: async <T>(work: Parameters<ReturnType<typeof db.transaction>['execute']>[0]) => {
            if (!renewed) {
              renewed = true;
              const granted = await inject('POST', '/api/v2/consents', fixture.clientHeaders, {
                external_party_id: consent?.external_party.id,
                sharing_duration: 3 * month,
              });
              expect(granted.statusCode).toBe(201);
            }
            return target.transaction().execute(work) as Promise<T>;
          },
        });
      },
    });
    await expireConsents(racing, now);
    expect(renewed).toBe(true);
    const link = await db
      .selectFrom('client_links')
      .select('consent_status')
      .where('client_id', '=', fixture.clientId)
      .executeTakeFirstOrThrow();
    // Before 2026-11-30: expired, and the connection deleted.
    expect(link.consent_status).toBe('active');
    expect(
      await db.selectFrom('provider_accounts').select('id').where('id', '=', fixture.connectionId).execute(),
    ).toHaveLength(1);
  });

  it('only the client can grant', async () => {
    const fixture = await clientWithOpenBankingData();
    const response = await inject('POST', '/api/v2/consents', fixture.headers, {
      external_party_id: fixture.partyId,
      sharing_duration: month,
    });
    expect(response.statusCode).toBe(403);
  });
});
