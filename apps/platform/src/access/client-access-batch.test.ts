import type { TenantId } from '@waratah/tenants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import { createTokenRepository } from '../auth/tokens/token-repository.ts';
import { hashTokenSecret } from '../auth/tokens/token-secret.ts';
import type { ConsentStatus, ExternalPartyStatus } from '../db/database-schema.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { seedDatabase } from '../db/seed.ts';
import { createTestAdviser } from '../testing/create-test-adviser.ts';
import { liveTestConsent } from '../testing/live-test-consent.ts';
import { genericPlanOf, scansOf, statementPlans, varyingGroupSizes } from '../testing/statement-plans.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { writeTestClient } from '../testing/write-test-client.ts';
import { type ClientAccessCheck, createClientAccessBatch } from './client-access-batch.ts';

describe('createClientAccessBatch: the access gate’s shared statement', () => {
  let database: PlatformDatabase;
  let adviser: AdminUserPrincipal;
  let disabledAdviser: AdminUserPrincipal;
  let operator: AdminUserPrincipal;
  let labsOperator: AdminUserPrincipal;
  let client: number;
  let withdrawn: number;
  let otherPracticeClient: number;
  let disabledPracticeClient: number;

  async function makeCaller(
    tenantId: TenantId,
    practiceStatus: ExternalPartyStatus | null,
    kind: 'adviser' | 'operator' = 'adviser',
  ): Promise<AdminUserPrincipal> {
    const { adminUser, externalParty } = await createTestAdviser(database.db, {
      tenantId,
      kind,
      password: 'Batch-Test-Password-1',
      practiceStatus,
    });
    return {
      kind: 'admin_user',
      tenantId,
      adminUserId: adminUser.id,
      role: kind,
      externalPartyId: externalParty?.id ?? null,
      via: 'bearer',
    };
  }

  async function linkClient(caller: AdminUserPrincipal, status: ConsentStatus = 'active'): Promise<number> {
    const { clientId } = await writeTestClient(database.db, {
      tenantId: caller.tenantId,
      partyId: caller.externalPartyId ?? 0,
      adviserId: caller.adminUserId,
      ...(status === 'active' ? {} : { consent: liveTestConsent(status) }),
    });
    return clientId;
  }

  const check = (
    caller: AdminUserPrincipal,
    clientId: number,
    more: Partial<ClientAccessCheck> = {},
  ): ClientAccessCheck => ({
    caller,
    clientId,
    unconfirmedTokenHash: undefined,
    action: 'client_data.get',
    targetId: '/api/v2/accounts',
    ip: '192.0.2.7',
    ...more,
  });

  const auditedSince = async (id: number) =>
    database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'client_id', 'action', 'target_type', 'target_id', 'ip'])
      .where('id', '>', id)
      .orderBy('id')
      .execute();
  const lastAuditId = async () =>
    Number(
      (
        await database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
    adviser = await makeCaller('moneypartner', 'enabled');
    const otherAdviser = await makeCaller('moneypartner', 'enabled');
    disabledAdviser = await makeCaller('moneypartner', 'disabled');
    operator = await makeCaller('moneypartner', null, 'operator');
    labsOperator = await makeCaller('waratahlabs', null, 'operator');
    client = await linkClient(adviser);
    withdrawn = await linkClient(adviser, 'withdrawn');
    otherPracticeClient = await linkClient(otherAdviser);
    disabledPracticeClient = await linkClient(disabledAdviser);
    // The version the triggers keep (migration 0010), set by hand so the answer can name it.
    await sql`insert into client_data_versions (client_id, version) values (${client}, 41)`.execute(
      database.db,
    );
  });
  afterAll(() => database.close());

  it('checks the requests that wait together in one statement, each under its own caller’s rules', async () => {
    const batch = createClientAccessBatch(database.db, { maxInFlight: 1 });
    const before = await lastAuditId();
    // The first check finds no statement running and goes alone; the others wait for it, then go
    // together.
    const first = batch.check(check(adviser, client));
    const waiting = [
      check(operator, otherPracticeClient, { ip: '192.0.2.8' }),
      check(adviser, otherPracticeClient),
      check(adviser, withdrawn),
      check(disabledAdviser, disabledPracticeClient),
      check(labsOperator, client),
      check(adviser, client, { action: 'client_data.head', targetId: '/api/v2/transactions' }),
      check(adviser, 2_147_483_648),
    ].map((each) => batch.check(each));
    const answers = await Promise.all([first, ...waiting]);

    expect(batch.stats()).toEqual({ statements: 2, checks: 7, decisions: 7 });
    expect(answers.map((answer) => answer?.client_id)).toEqual([
      client,
      otherPracticeClient,
      undefined,
      undefined,
      undefined,
      undefined,
      client,
      undefined,
    ]);
    expect(answers[0]).toMatchObject({ consent_status: 'active', data_version: '41' });
    expect(answers[1]).toMatchObject({ consent_status: null });
    // Exactly the checks that passed are audited, each with its own caller, route and origin.
    const audited = await auditedSince(before);
    expect(audited).toHaveLength(3);
    expect(audited).toEqual(
      expect.arrayContaining([
        {
          actor_id: adviser.adminUserId,
          client_id: client,
          action: 'client_data.get',
          target_type: 'route',
          target_id: '/api/v2/accounts',
          ip: '192.0.2.7',
        },
        expect.objectContaining({
          actor_id: operator.adminUserId,
          client_id: otherPracticeClient,
          ip: '192.0.2.8',
        }),
        expect.objectContaining({
          actor_id: adviser.adminUserId,
          action: 'client_data.head',
          target_id: '/api/v2/transactions',
        }),
      ]),
    );
  });

  it('decides the checks of one caller, client and token once, and audits each of them', async () => {
    const batch = createClientAccessBatch(database.db, { maxInFlight: 1 });
    const before = await lastAuditId();
    const first = batch.check(check(adviser, client));
    // A page's requests at once: one caller, one client, five routes.
    const routes = ['accounts', 'transactions', 'goals', 'transactions/summary', 'financialpassport'];
    const page = routes.map((route, index) =>
      batch.check(check(adviser, client, { targetId: `/api/v2/${route}`, ip: `192.0.2.${20 + index}` })),
    );
    const others = [
      check(operator, client, { targetId: '/api/v2/goals', ip: '192.0.2.30' }),
      check(adviser, withdrawn),
    ].map((each) => batch.check(each));
    const [alone, ...answers] = await Promise.all([first, ...page, ...others]);

    expect(batch.stats()).toEqual({ statements: 2, checks: 8, decisions: 4 });
    expect(alone).toMatchObject({ client_id: client, data_version: '41' });
    expect(answers.map((answer) => answer?.client_id)).toEqual([
      ...routes.map(() => client),
      client,
      undefined,
    ]);
    // Each answer is its own object, equal to the others of its decision.
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]).not.toBe(answers[0]);
    // Exactly one row a passing check, each under its own decision's caller and client, with its
    // own route and origin; none for the refused one.
    const row = (actorId: number, targetId: string, ip: string) => ({
      actor_id: actorId,
      client_id: client,
      action: 'client_data.get',
      target_type: 'route',
      target_id: targetId,
      ip,
    });
    const sorted = <T>(rows: T[]) => rows.map((each) => JSON.stringify(each)).sort();
    expect(sorted(await auditedSince(before))).toEqual(
      sorted([
        row(adviser.adminUserId, '/api/v2/accounts', '192.0.2.7'),
        ...routes.map((route, index) =>
          row(adviser.adminUserId, `/api/v2/${route}`, `192.0.2.${20 + index}`),
        ),
        row(operator.adminUserId, '/api/v2/goals', '192.0.2.30'),
      ]),
    );
  });

  it('sends each check alone and at once with no limit on statements in flight (STATEMENT_GROUPS=off)', async () => {
    const batch = createClientAccessBatch(database.db, { maxInFlight: Number.POSITIVE_INFINITY });
    const answers = await Promise.all([1, 2, 3, 4].map(() => batch.check(check(adviser, client))));
    expect(answers.map((answer) => answer?.client_id)).toEqual([client, client, client, client]);
    expect(batch.stats()).toEqual({ statements: 4, checks: 4, decisions: 4 });
  });

  it('confirms each check’s token in the same statement', async () => {
    const tokens = createTokenRepository(database.db, {
      accessTokenTtlSeconds: 600,
      refreshTokenTtlSeconds: 600,
      refreshRetryGraceSeconds: 0,
    });
    const issue = async (caller: AdminUserPrincipal) =>
      hashTokenSecret(
        (
          await tokens.issueForSignIn({
            kind: 'admin_user',
            id: caller.adminUserId,
            tenantId: caller.tenantId,
            clientId: 'test',
          })
        ).accessToken,
      );
    const live = await issue(adviser);
    const revoked = await issue(adviser);
    await database.db
      .updateTable('oauth_tokens')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', revoked)
      .execute();
    const operatorToken = await issue(operator);

    const batch = createClientAccessBatch(database.db, { maxInFlight: 1 });
    const before = await lastAuditId();
    const answers = await Promise.all([
      batch.check(check(adviser, client, { unconfirmedTokenHash: live })),
      batch.check(check(adviser, client, { unconfirmedTokenHash: revoked })),
      // A token of another admin user does not confirm this one.
      batch.check(check(adviser, client, { unconfirmedTokenHash: operatorToken })),
      batch.check(check(operator, client, { unconfirmedTokenHash: operatorToken })),
      // Nor does a token whose user now has another standing (here: another practice).
      batch.check(
        check({ ...adviser, externalPartyId: disabledAdviser.externalPartyId }, client, {
          unconfirmedTokenHash: live,
        }),
      ),
    ]);
    expect(answers.map((answer) => answer?.client_id)).toEqual([
      client,
      undefined,
      undefined,
      client,
      undefined,
    ]);
    expect(batch.stats().statements).toBe(2);
    expect(await auditedSince(before)).toHaveLength(2);
  });

  it('confirms a caller once, however many of its clients a statement decides, and never reads the tenants', async () => {
    const clients = [client];
    for (let index = 0; index < 7; index += 1) clients.push(await linkClient(adviser));
    const token = hashTokenSecret(
      (
        await createTokenRepository(database.db, {
          accessTokenTtlSeconds: 600,
          refreshTokenTtlSeconds: 600,
          refreshRetryGraceSeconds: 0,
        }).issueForSignIn({
          kind: 'admin_user',
          id: adviser.adminUserId,
          tenantId: adviser.tenantId,
          clientId: 'test',
        })
      ).accessToken,
    );
    await database.db.transaction().execute(async (transaction) => {
      // Scans (and rescans) of each table in this transaction so far.
      const scans = async () => {
        const { rows } = await sql<{ relname: string; scans: number }>`
          select relname, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int as scans
          from pg_stat_xact_user_tables
          where relname in ('oauth_tokens', 'admin_users', 'external_parties', 'tenants')`.execute(
          transaction,
        );
        return Object.fromEntries(rows.map((row) => [row.relname, row.scans]));
      };
      const before = await scans();
      const batch = createClientAccessBatch(transaction, { maxInFlight: 1 });
      // One statement of the first client alone, one of the seven others.
      const answers = await Promise.all(
        clients.map((each) => batch.check(check(adviser, each, { unconfirmedTokenHash: token }))),
      );
      expect(answers.map((answer) => answer?.client_id)).toEqual(clients);
      expect(batch.stats()).toMatchObject({ statements: 2, decisions: 8 });
      // The token, its admin user and the practice are read once a statement, not once a client
      // (they were, through a rescan for every decision).
      const after = await scans();
      for (const table of ['oauth_tokens', 'admin_users', 'external_parties'])
        expect(after[table] ?? 0, table).toBeLessThanOrEqual((before[table] ?? 0) + 2);
      // Its audit rows check no key into `tenants` (migration 0014): each check read the tenant's
      // row and locked it until the transaction ended.
      expect(after.tenants ?? 0).toBe(before.tenants ?? 0);
    });
  });

  it('is planned once, whatever the size of the groups (rowsWithOrdinal)', async () => {
    await database.db.connection().execute(async (connection) => {
      const batch = createClientAccessBatch(connection, { maxInFlight: 1 });
      for (const size of varyingGroupSizes) {
        const answers = await Promise.all(
          Array.from({ length: size }, () => batch.check(check(adviser, client))),
        );
        expect(answers.every((answer) => answer?.client_id === client)).toBe(true);
      }
      // PostgreSQL plans a prepared statement's first five runs for their values, then keeps a
      // generic plan unless it looks costlier; arrays of the groups' sizes made it plan every run.
      const plans = await statementPlans(connection, 'insert into audit_log');
      expect(plans.custom).toBeLessThanOrEqual(5);
      expect(plans.generic).toBeGreaterThanOrEqual(varyingGroupSizes.length - 5);
      // That plan assumes a hundred rows: it must still find each client's data version by its key,
      // not read every client's (a hash join did: 1.6 ms a check alone with 10,000 clients).
      await sql`insert into client_data_versions (client_id, version)
        select id, 1 from generate_series(1000000, 1019999) as id`.execute(connection);
      await sql`analyze client_data_versions`.execute(connection);
      try {
        const versions = scansOf(
          await genericPlanOf(connection, 'insert into audit_log'),
          'client_data_versions',
        );
        expect(versions.length).toBeGreaterThan(0);
        for (const scan of versions) expect(scan['Index Cond']).toMatch(/client_id/);
      } finally {
        await sql`delete from client_data_versions where client_id >= 1000000`.execute(connection);
        await sql`analyze client_data_versions`.execute(connection);
      }
    });
  });

  it('fails every check of a failed statement, writes none of their rows, and goes on', async () => {
    const batch = createClientAccessBatch(database.db, { maxInFlight: 1 });
    const before = await lastAuditId();
    const first = batch.check(check(adviser, client));
    // A text the database refuses (a NUL byte) fails the statement it is in.
    const failing = [
      batch.check(check(operator, client)),
      batch.check(check(adviser, client, { ip: 'x\u0000' })),
    ];
    await expect(first).resolves.toMatchObject({ client_id: client });
    for (const each of failing) await expect(each).rejects.toThrow();
    expect(await auditedSince(before)).toHaveLength(1);
    await expect(batch.check(check(operator, client))).resolves.toMatchObject({ client_id: client });
  });
});
