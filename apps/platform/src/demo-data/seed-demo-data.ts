import { type TenantId, tenantIds } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords/hash-password.ts';
import type { Database } from '../db/database-schema.ts';
import { advanceGoal, goalsDue } from '../goals/goal-progress.ts';
import { type HolderTokenCipher, holderTokenCipher } from '../open-banking/holder-token-cipher.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { connectDemoClient, demoConnectionsOf, openDemoHolder } from './connect-demo-clients.ts';
import { demoAdviserPassword, demoClientPassword, demoGeneratorVersion } from './demo-constants.ts';
import { ensureReferenceData } from './ensure-reference-data.ts';
import { type DemoClient, generateDemoTenant } from './generate-demo-tenant.ts';
import { writeDemoAdvisers } from './write-demo-advisers.ts';
import { writeDemoClients, writeDemoGoals } from './write-demo-clients.ts';

export interface DemoSeedOptions {
  /**
   * The demo's today (YYYY-MM-DD): a fixed one gives the same rows on every run (tests), its
   * refreshes at 14:00 in Sydney. Default: the real today in Sydney, refreshed now.
   */
  today?: string;
  clientCount?: number;
  /** Defaults to the documented demo password. */
  password?: string;
  /** Seals the demo connections' bank tokens (default: the key of the process environment's configuration). */
  tokens?: HolderTokenCipher;
}

/**
 * Who has connected banks: clients sharing with the practice. An invited client (pending) has not
 * signed up yet; one whose consent ended has had the shared data deleted (consents/dispose-shared-data.ts).
 */
const sharesData = (client: DemoClient) =>
  client.consent.status === 'active' || client.consent.status === 'in_use';

/**
 * Writes the demo data of every tenant that has none yet. Advisers, clients, consents and goals
 * are written through the platform's insert code; the clients' banking data arrives the way real
 * data does: each client connects to the simulated data holder's banks and every connection is
 * refreshed (CDS client → mapping → store), in-process, with the holder's clock at the demo's
 * today: the real one, since the portal's charts follow the real clock; a fixed `today` gives the
 * same data on every run. The demo_data_runs row, written in the same transaction
 * as everything else of the tenant, marks it done: a restart never seeds twice and a failed seed
 * leaves nothing behind. Answers the rows written.
 */
export async function seedDemoData(db: Kysely<Database>, options: DemoSeedOptions = {}): Promise<number> {
  const seeded = new Set(
    (await db.selectFrom('demo_data_runs').select('tenant_id').execute()).map((row) => row.tenant_id),
  );
  const pending = tenantIds.filter((tenantId) => !seeded.has(tenantId));
  if (pending.length === 0) return 0;
  const password = options.password ?? demoAdviserPassword;
  // The holder's clock and the refreshes' `now`: 14:00 in Sydney on a given today, else now.
  // Never after the real now: a refresh dated in the future would read as not yet happened.
  const now = options.today
    ? new Date(Math.min(Date.parse(`${options.today}T03:00:00Z`), Date.now()))
    : new Date();
  const today = options.today ?? sydneyToday(now);
  const tokens = options.tokens ?? (await holderTokenCipher());
  const clientPasswordHash = await hashPassword(demoClientPassword);
  let rows = 0;
  for (const tenantId of pending) {
    rows += await db.transaction().execute(async (trx) => {
      const providerIds = await ensureReferenceData(trx);
      const holder = await openDemoHolder(trx, now);
      try {
        const tenant = generateDemoTenant(tenantId, today, options.clientCount, undefined, 'holder');
        const { adviserId, partyId } = await writeDemoAdvisers(trx, tenantId, tenant.advisers, password);
        // Goals are written once the clients' savings accounts have arrived (connectDemoClients).
        let written = await writeDemoClients(
          trx,
          { tenantId, partyId, adviserId, providerIds, today },
          tenant.clients.map((client) => ({ ...client, finances: { ...client.finances, goals: [] } })),
        );
        // Clients who have signed up can sign in to the end-user API.
        await trx
          .updateTable('clients')
          .set({ password_hash: clientPasswordHash })
          .where('tenant_id', '=', tenantId)
          .where('status', '=', 'active')
          .where(
            'email',
            'in',
            tenant.clients.map((client) => client.email),
          )
          .execute();
        written += await connectDemoClients(trx, tenantId, tenant.clients, { holder, tokens, now, today });
        await trx
          .insertInto('demo_data_runs')
          .values({ tenant_id: tenantId, generator_version: demoGeneratorVersion })
          .execute();
        return written;
      } finally {
        await holder.close();
      }
    });
  }
  return rows;
}

async function connectDemoClients(
  trx: Kysely<Database>,
  tenantId: TenantId,
  clients: readonly DemoClient[],
  context: Parameters<typeof connectDemoClient>[3] & { today: string },
): Promise<number> {
  const ids = new Map(
    (
      await trx
        .selectFrom('clients')
        .select(['id', 'email'])
        .where('tenant_id', '=', tenantId)
        .where(
          'email',
          'in',
          clients.map((client) => client.email),
        )
        .execute()
    ).map((row) => [row.email, row.id]),
  );
  const goals: Parameters<typeof writeDemoGoals>[2][number][] = [];
  const connected: number[] = [];
  for (const [index, client] of clients.entries()) {
    const clientId = ids.get(client.email);
    if (clientId === undefined) throw new Error(`demo client ${client.email} was not written`);
    const providerAccountIds = sharesData(client)
      ? await connectDemoClient(trx, { tenantId, clientId }, demoConnectionsOf(tenantId, index), context)
      : [];
    connected.push(...providerAccountIds);
    // Goals save into the savings account at the client's main bank.
    const savings = providerAccountIds[0]
      ? await trx
          .selectFrom('accounts')
          .select('id')
          .where('provider_account_id', '=', providerAccountIds[0])
          .where('account_type', '=', 'savings')
          .orderBy('id')
          .executeTakeFirst()
      : undefined;
    for (const goal of client.finances.goals) goals.push({ clientId, accountId: savings?.id ?? null, goal });
  }
  // The demo stays as of its today: its connections are not refreshed on a schedule (an on-demand
  // refresh still works, against the development server's holder).
  if (connected.length > 0) {
    await trx
      .updateTable('provider_accounts')
      .set({ next_refresh: null })
      .where('id', 'in', connected)
      .execute();
  }
  const stored = await trx
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<string>().as('accounts'))
    .where('provider_account_id', 'in', connected.length > 0 ? connected : [0])
    .executeTakeFirstOrThrow();
  const transactions = await trx
    .selectFrom('transactions')
    .innerJoin('accounts', 'accounts.id', 'transactions.account_id')
    .select((eb) => eb.fn.countAll<string>().as('transactions'))
    .where('accounts.provider_account_id', 'in', connected.length > 0 ? connected : [0])
    .executeTakeFirstOrThrow();
  const goalRows = await writeDemoGoals(trx, tenantId, goals, context.today);
  // Goals in progress are worked out from the transactions just stored, as of the demo's today,
  // as the progress job works them out every 15 minutes (goals/goal-progress.ts).
  // The demo clients' own: a tenant's other goals are the progress job's, on the real today.
  const due = await goalsDue(trx, context.today, { clientIds: [...ids.values()] });
  for (const id of due) await advanceGoal(trx, id, context.today);
  return connected.length + Number(stored.accounts) + Number(transactions.transactions) + goalRows;
}
