import type { AuditLogQuery } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser } from '../auth/admin-users/create-admin-user.ts';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { seedDatabase } from '../db/seed.ts';
import { createTestAdviser } from '../testing/create-test-adviser.ts';
import { genericPlanOf, type PlanNode, scansOf } from '../testing/statement-plans.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { listAuditLog } from './list-audit-log.ts';

/** The indexes a bitmap scan's children read. */
function indexNames(node: PlanNode): (string | undefined)[] {
  return [node['Index Name'], ...(node.Plans ?? []).flatMap(indexNames)];
}

/**
 * The audit log's reads on a long log (issue 10): 20,000 entries of a tenant, a tenth of them by
 * one practice's two advisers, the rest by another practice's adviser and by clients, about 2,000
 * clients. Each read gives exactly the entries its caller may see, newest first across pages, and
 * reaches them through an index it stops in, whatever the log's length.
 */
describe('listAuditLog on a long log', () => {
  let database: PlatformDatabase;
  let adviser: AdminUserPrincipal;
  let operator: AdminUserPrincipal;
  let practiceAdvisers: number[];
  const tenantId = 'moneypartner';
  const client = 1007;

  const principal = (adminUserId: number, role: 'adviser' | 'operator', externalPartyId: number | null) =>
    ({ kind: 'admin_user', tenantId, adminUserId, role, externalPartyId, via: 'bearer' }) as const;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
    const password = 'Audit-Log-Test-Password-1';
    const first = await createTestAdviser(database.db, { tenantId, password, practiceStatus: 'enabled' });
    const partyId = first.externalParty?.id ?? 0;
    const second = await createAdminUser(database.db, {
      tenantId,
      email: `second-${partyId}@example.test`,
      givenName: 'Second',
      familyName: 'Adviser',
      kind: 'adviser',
      externalPartyId: partyId,
    });
    const elsewhere = await createTestAdviser(database.db, { tenantId, password, practiceStatus: 'enabled' });
    const staff = await createTestAdviser(database.db, {
      tenantId,
      password,
      practiceStatus: null,
      kind: 'operator',
    });
    practiceAdvisers = [first.adminUser.id, second.id];
    adviser = principal(first.adminUser.id, 'adviser', partyId);
    operator = principal(staff.adminUser.id, 'operator', null);
    // Every tenth entry is the first adviser's, every tenth from the fifth the second's; the rest
    // alternate between the other practice's adviser and a client. Another tenant's entries are
    // interleaved, about the same clients.
    await sql`
      insert into audit_log (tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip)
      select t.tenant_id,
        case when n % 10 in (0, 5) or n % 2 = 0 then 'admin_user' else 'client' end,
        case when n % 10 = 0 then ${first.adminUser.id}::int when n % 10 = 5 then ${second.id}::int
          when n % 2 = 0 then ${elsewhere.adminUser.id}::int else 1000 + n % 2000 end,
        'client_data.get', 'route', '/api/v2/accounts', 1000 + n % 2000, '192.0.2.1'
      from generate_series(1, 20000) as n,
        (values (${tenantId}), ('waratahlabs')) as t (tenant_id)
      order by n, t.tenant_id`.execute(database.db);
    await sql`analyze audit_log`.execute(database.db);
  }, 60_000);
  afterAll(() => database.close());

  /** Every page of `caller`'s log for `query`, in order, through the cursors it gives. */
  async function walk(db: Kysely<Database>, caller: AdminUserPrincipal, query: Partial<AuditLogQuery>) {
    const ids: number[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 100; pages += 1) {
      const page = await listAuditLog(db, caller, { size: 100, ...query, ...(after ? { after } : {}) });
      ids.push(...page.data.map((entry) => entry.id));
      after = page.paging.cursors.after;
      if (after === undefined) break;
    }
    return ids;
  }

  /** The ids the caller should see, straight from the table. */
  async function expected(where: ReturnType<typeof sql>) {
    const { rows } = await sql<{ id: string | number }>`
      select id from audit_log where tenant_id = ${tenantId} and ${where} order by id desc`.execute(
      database.db,
    );
    return rows.map((row) => Number(row.id));
  }

  it('pages an adviser through its practice’s advisers’ entries, merged newest first, and no one else’s', async () => {
    const mine = sql`actor_kind = 'admin_user' and actor_id in (${sql.join(practiceAdvisers)})`;
    const all = await walk(database.db, adviser, {});
    expect(all).toHaveLength(4000);
    expect(all).toEqual(await expected(mine));
    const first = await listAuditLog(database.db, adviser, { size: 3 });
    expect(first.data.map((entry) => entry.actor_id).sort()).toEqual(
      [practiceAdvisers[0], practiceAdvisers[1], practiceAdvisers[0]].sort(),
    );
    expect(await walk(database.db, adviser, { client_id: client })).toEqual(
      await expected(sql`${mine} and client_id = ${client}`),
    );
  });

  it('pages an operator through its whole tenant, or one client’s entries', async () => {
    const first = await listAuditLog(database.db, operator, { size: 100 });
    expect(first.data.map((entry) => entry.id)).toEqual((await expected(sql`true`)).slice(0, 100));
    expect(first.data.find((entry) => entry.actor_kind === 'client')?.actor_email).toBeNull();
    expect(await walk(database.db, operator, { client_id: client })).toEqual(
      await expected(sql`client_id = ${client}`),
    );
  });

  it('reads each way through its index, backwards to the page, never the whole log', async () => {
    await database.db.connection().execute(async (connection) => {
      const queries: Partial<AuditLogQuery>[] = [{}, { after: '15000' }, { client_id: client }];
      for (const query of queries) {
        for (const caller of [adviser, operator])
          await listAuditLog(connection, caller, { size: 50, ...query });
      }
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements
        where strpos(statement, 'from "audit_log"') > 0 and strpos(statement, 'insert') = 0`.execute(
        connection,
      );
      // Operator and adviser, with and without a cursor, and each with a client (on PGlite's one
      // connection, also the shapes the walks above ran).
      expect(rows.length).toBeGreaterThanOrEqual(6);
      const indexes = new Set<string>();
      for (const { statement } of rows) {
        const scans = scansOf(await genericPlanOf(connection, statement), 'audit_log');
        expect(scans.length, statement).toBeGreaterThan(0);
        for (const scan of scans) {
          if (statement.includes('"client_id" = $')) {
            // One client's entries: through its index (an adviser's, with its advisers' own).
            expect(scan['Node Type'], statement).toMatch(/^(Index Scan|Bitmap Heap Scan)$/);
            const names = [scan['Index Name'], ...(scan.Plans ?? []).flatMap(indexNames)];
            expect(names, statement).toContain('audit_log_client');
            for (const name of names) if (name) indexes.add(name);
          } else {
            // The tenant's or a practice's: newest first down an index, stopping at the page.
            expect(scan['Node Type'], statement).toBe('Index Scan');
            expect(scan['Scan Direction'], statement).toBe('Backward');
            indexes.add(scan['Index Name'] ?? '');
          }
        }
      }
      expect([...indexes].sort()).toEqual(['audit_log_admin_user', 'audit_log_client', 'audit_log_pkey']);
    });
  });

  it('answers and pages by ids past 32 bits, as JSON numbers up to 2⁵³ − 1', async () => {
    const ids = [Number.MAX_SAFE_INTEGER, 2 ** 32 + 7];
    await sql`
      insert into audit_log (id, tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip)
      select n, ${tenantId}, 'admin_user', ${practiceAdvisers[0]}::int, 'client_data.get', 'route', '/api/v2/accounts',
        ${client}, '192.0.2.1'
      from unnest(${sql.val(ids.map(String))}::int8[]) as n`.execute(database.db);
    try {
      for (const caller of [adviser, operator]) {
        for (const query of [{}, { client_id: client }]) {
          const first = await listAuditLog(database.db, caller, { size: 1, ...query });
          expect(first.data.map((entry) => entry.id)).toEqual([Number.MAX_SAFE_INTEGER]);
          expect(first.paging.cursors.after).toBe('9007199254740991');
          const second = await listAuditLog(database.db, caller, {
            size: 1,
            ...query,
            after: '9007199254740991',
          });
          expect(second.data.map((entry) => entry.id)).toEqual([4_294_967_303]);
          const third = await listAuditLog(database.db, caller, { size: 1, ...query, after: '4294967303' });
          expect(third.data.filter((entry) => entry.id >= 2 ** 31)).toEqual([]);
        }
      }
    } finally {
      await sql`delete from audit_log where id > ${2 ** 31}`.execute(database.db);
    }
  });

  it('leaves an adviser’s entries from before it joined out of its practice’s log, and in the operator’s', async () => {
    // The second adviser's older half, dated an hour before it joined the practice (as the
    // registration an invitation takes over: complete-invitation.ts, `takeOverRegistration`).
    const db = database.db;
    const second = practiceAdvisers[1] ?? 0;
    const { rows } = await sql<{ id: string | number; at: Date }>`
      select id, at from audit_log
      where tenant_id = ${tenantId} and actor_kind = 'admin_user' and actor_id = ${second}
      order by id limit 1 offset 1000`.execute(db);
    const cut = Number(rows[0]?.id);
    const joined = rows[0]?.at ?? new Date();
    const older = sql`actor_kind = 'admin_user' and actor_id = ${second} and id < ${cut}`;
    await sql`update audit_log set at = at - interval '1 hour' where tenant_id = ${tenantId} and ${older}`.execute(
      db,
    );
    await db
      .updateTable('admin_users')
      .set({ practice_joined_at: joined })
      .where('id', '=', second)
      .execute();
    try {
      const mine = sql`actor_kind = 'admin_user' and actor_id in (${sql.join(practiceAdvisers)}) and not (${older})`;
      const all = await walk(db, adviser, {});
      expect(all).toHaveLength(3000);
      expect(all).toEqual(await expected(mine));
      // Client 1005's entries are all the second adviser's, every 2,000th: half of them before.
      const seconds = await walk(db, adviser, { client_id: 1005 });
      expect(seconds).toHaveLength(5);
      expect(seconds).toEqual(await expected(sql`${mine} and client_id = 1005`));
      // The operator's log is the tenant's, every entry of it.
      expect(await walk(db, operator, { client_id: 1005 })).toHaveLength(10);
    } finally {
      await db
        .updateTable('admin_users')
        .set({ practice_joined_at: null })
        .where('id', '=', second)
        .execute();
      await sql`update audit_log set at = at + interval '1 hour' where tenant_id = ${tenantId} and ${older}`.execute(
        db,
      );
    }
  });
});
