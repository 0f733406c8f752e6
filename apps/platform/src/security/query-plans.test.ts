import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { Database } from '../db/database-schema.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { seedDatabase } from '../db/seed.ts';
import { demoToday } from '../demo-data/demo-constants.ts';
import { ensureReferenceData } from '../demo-data/ensure-reference-data.ts';
import { generateDemoClient } from '../demo-data/generate-demo-tenant.ts';
import { createRandom } from '../demo-data/random.ts';
import { writeDemoClients } from '../demo-data/write-demo-clients.ts';
import { createSignedInAdminUser } from '../testing/sign-in.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  console.log('Query plans skipped: EXPLAIN is checked on PostgreSQL only (DATABASE_URL is not set).');

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/**
 * The queries behind the client's lists and summaries, captured as the server runs them, must
 * reach one client's transactions through an index (issue 10): no sequential scan of transactions.
 */
describe.skipIf(!serverUrl)('query plans on PostgreSQL', () => {
  let scratch: PlatformDatabase;
  let logged: Kysely<Database>;
  let pool: pg.Pool;
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];

  beforeAll(async () => {
    scratch = await createTestDatabase();
    await seedDatabase(scratch.db);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(scratch.db);
    const url = new URL(serverUrl as string);
    url.pathname = `/${rows[0]?.name}`;
    pool = new pg.Pool({ connectionString: url.toString() });
    logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query')
          captured.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
  }, 120_000);
  afterAll(async () => {
    await logged?.destroy();
    await scratch?.close();
  });

  it('lists and summarises one client without a sequential scan of transactions', async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' }),
      database: { db: logged, engine: 'postgres', close: async () => undefined },
    });
    app.readiness.markReady();
    try {
      const adviser = await createSignedInAdminUser(app);
      const providerIds = await ensureReferenceData(logged);
      const random = createRandom(10);
      // 150 clients of about a year each: one client is well under 1 % of the table.
      const generated = Array.from({ length: 150 }, (_, index) => ({
        ...generateDemoClient(random, index, { today: demoToday, emailDomain: 'plans.example', months: 12 }),
        consent: { status: 'active' as const, start: '2026-06-01', expiry: '2027-05-31' },
      }));
      await writeDemoClients(
        logged,
        {
          tenantId: 'moneypartner',
          partyId: adviser.externalParty?.id ?? 0,
          adviserId: adviser.adminUser.id,
          providerIds,
          today: demoToday,
        },
        generated,
      );
      await sql`analyze`.execute(logged);
      const client = await logged
        .selectFrom('clients')
        .select('id')
        .where('email', '=', generated[0]?.email ?? '')
        .executeTakeFirstOrThrow();
      const total = await logged
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(total.count)).toBeGreaterThan(10_000);

      const headers = { ...adviser.headers, 'x-user-id': String(client.id) };
      const urls = [
        '/api/v2/transactions?size=100',
        '/api/v2/transactions/summary',
        '/api/v2/reports/transactions/budget_categories',
        '/api/v2/financialpassport',
        '/api/adviser/users',
      ];
      const problems: string[] = [];
      for (const url of urls) {
        captured.length = 0;
        const response = await app.inject({ url, headers });
        if (response.statusCode !== 200) {
          problems.push(`${url}: ${response.statusCode}`);
          continue;
        }
        for (const query of captured.filter((entry) => /\btransactions\b/.test(entry.sql))) {
          if (!/^\s*(select|with)\b/i.test(query.sql)) continue;
          const explained = await pool.query(`explain (format json) ${query.sql}`, [...query.parameters]);
          const plan = (explained.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan;
          if (plan && seqScans(plan).includes('transactions'))
            problems.push(`${url}: sequential scan of transactions in ${query.sql.slice(0, 200)}`);
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await app.close();
    }
  }, 180_000);
});
