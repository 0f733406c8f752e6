import type { Kysely } from 'kysely';
import { addDays } from '../aggregation/calendar-date.ts';
import { formatCents } from '../aggregation/cents.ts';
import { categoryIdByKey } from '../aggregation/transaction-category-catalogue.ts';
import type { Database } from '../db/database-schema.ts';
import type { DemoGoal } from './demo-finances-types.ts';
import { demoGoalPeriods } from './demo-goal-periods.ts';
import type { DemoClient } from './generate-demo-tenant.ts';
import { insertInBatches } from './insert-in-batches.ts';

export interface DemoClientsTarget {
  tenantId: string;
  partyId: number;
  adviserId: number;
  providerIds: Map<string, number>;
  /** The demo world's today: goal periods run up to it. */
  today: string;
}

const at = (date: string) => new Date(`${date}T00:00:00Z`);

/** Writes clients, their consented links and their finances, a batch of rows per statement. Answers the rows written. */
export async function writeDemoClients(
  db: Kysely<Database>,
  target: DemoClientsTarget,
  clients: readonly DemoClient[],
): Promise<number> {
  const { tenantId, today } = target;
  const clientIds = await insertInBatches(clients, 500, (batch) =>
    db
      .insertInto('clients')
      .values(
        batch.map((client) => ({
          tenant_id: tenantId,
          email: client.email,
          given_name: client.givenName,
          family_name: client.familyName,
          mobile: client.mobile,
          status: client.consent.status === 'pending' ? 'invited' : 'active',
        })),
      )
      .returning('id')
      .execute(),
  );
  const idOf = (index: number) => {
    const id = clientIds[index]?.id;
    if (id === undefined) throw new Error('a demo client was not written');
    return id;
  };
  const links = await insertInBatches(
    clients.map((client, index) => ({ client, id: idOf(index) })),
    500,
    (batch) =>
      db
        .insertInto('client_links')
        .values(
          batch.map(({ client, id }) => ({
            tenant_id: tenantId,
            client_id: id,
            external_party_id: target.partyId,
            invited_by_admin_user_id: target.adviserId,
            consent_status: client.consent.status,
            consent_start: client.consent.start ? at(client.consent.start) : null,
            consent_expiry: client.consent.expiry ? at(client.consent.expiry) : null,
          })),
        )
        .returning('id')
        .execute(),
  );
  const events = clients.flatMap((client, index) => {
    const linkId = links[index]?.id;
    if (linkId === undefined || !client.consent.start) return [];
    const confirmation = {
      client_link_id: linkId,
      event_type: 'confirmation' as const,
      occurred_at: at(client.consent.start),
    };
    return client.consent.status === 'withdrawn'
      ? [
          confirmation,
          {
            client_link_id: linkId,
            event_type: 'withdrawal' as const,
            occurred_at: at(withdrawalDate(client.consent.start, today)),
          },
        ]
      : [confirmation];
  });
  await insertInBatches(events, 500, (batch) =>
    db.insertInto('consent_events').values(batch).returning('id').execute(),
  );

  const providerAccountRows = clients.flatMap((client, index) =>
    client.finances.providerAccounts.map((pa) => ({
      tenant_id: tenantId,
      client_id: idOf(index),
      provider_id: providerId(target, pa.providerName),
      status: pa.status,
      refresh_status: pa.refreshStatus,
      refresh_sub_status: pa.refreshSubStatus,
      last_refreshed: at(pa.lastRefreshed),
      // Written here, not connected: no bank token, so no refresh could read them. Before 2026-12-01
      // they fell due a day later, and the refresh sweep turned 500 of them `needs_action` every 15
      // minutes (on the benchmarks' data, while the load was measured).
      next_refresh: null,
    })),
  );
  const providerAccountIds = (
    await insertInBatches(providerAccountRows, 500, (batch) =>
      db.insertInto('provider_accounts').values(batch).returning('id').execute(),
    )
  ).map((row) => row.id);

  let paOffset = 0;
  const accountRows = clients.flatMap((client, index) => {
    const offset = paOffset;
    paOffset += client.finances.providerAccounts.length;
    return client.finances.accounts.map((account) => ({
      tenant_id: tenantId,
      client_id: idOf(index),
      provider_account_id: providerAccountIds[offset + account.providerAccount] ?? 0,
      account_name: account.name,
      account_number: account.number,
      bsb: account.bsb,
      container: account.container,
      account_type: account.type,
      holder_type: account.holder,
      current_balance: formatCents(account.balanceCents),
      available_balance: account.hasAvailable ? formatCents(account.balanceCents) : null,
    }));
  });
  const accountIds = (
    await insertInBatches(accountRows, 500, (batch) =>
      db.insertInto('accounts').values(batch).returning('id').execute(),
    )
  ).map((row) => row.id);

  let accountOffset = 0;
  const transactionRows = clients.flatMap((client, index) => {
    const offset = accountOffset;
    accountOffset += client.finances.accounts.length;
    return client.finances.transactions.map((tx, n) => ({
      tenant_id: tenantId,
      client_id: idOf(index),
      account_id: accountIds[offset + tx.account] ?? 0,
      amount: formatCents(tx.cents),
      base_type: tx.cents < 0 ? ('debit' as const) : ('credit' as const),
      status: tx.pending ? ('pending' as const) : ('posted' as const),
      transaction_date: tx.date,
      post_date: tx.pending ? null : addDays(tx.date, 1),
      description_original: tx.description,
      description_simple: tx.merchant,
      merchant_name: tx.merchant,
      category_id: categoryIdByKey[tx.categoryKey] ?? null,
      budget_category: tx.budget,
      external_id: `demo-${idOf(index)}-${n}`,
    }));
  });
  // 2,000 rows of 16 columns stay under PostgreSQL's 65,535 bind parameters per statement.
  await insertInBatches(transactionRows, 2000, async (batch) => {
    await db.insertInto('transactions').values(batch).execute();
    return [];
  });

  accountOffset = 0;
  const goalEntries = clients.flatMap((client, index) => {
    const offset = accountOffset;
    accountOffset += client.finances.accounts.length;
    return client.finances.goals.map((goal) => ({
      clientId: idOf(index),
      accountId: goal.account < 0 ? null : (accountIds[offset + goal.account] ?? null),
      goal,
    }));
  });
  const goalRowCount = await writeDemoGoals(db, tenantId, goalEntries, today);
  return (
    clientIds.length +
    links.length +
    events.length +
    providerAccountIds.length +
    accountIds.length +
    transactionRows.length +
    goalRowCount
  );
}

/**
 * Writes goals with their periods up to `today` (`demoGoalPeriods`), each on its client and
 * account (or none). Answers the rows written, goals and periods.
 */
export async function writeDemoGoals(
  db: Kysely<Database>,
  tenantId: string,
  entries: readonly { clientId: number; accountId: number | null; goal: DemoGoal }[],
  today: string,
): Promise<number> {
  const goalRows = entries.map(({ clientId, accountId, goal }) => ({
    tenant_id: tenantId,
    client_id: clientId,
    account_id: accountId,
    name: goal.name,
    tracking_type: 'credit',
    target_type: goal.target,
    frequency: goal.frequency,
    start_date: goal.startDate,
    end_date: goal.endDate,
    target_amount: formatCents(goal.targetCents),
    current_amount: formatCents(goal.currentCents),
    period_amount: formatCents(goal.periodCents),
    start_amount: '0.00',
    status: goal.status,
  }));
  const goalIds = await insertInBatches(goalRows, 500, (batch) =>
    db.insertInto('goals').values(batch).returning('id').execute(),
  );
  const periodRows = entries.flatMap(({ goal }, n) =>
    demoGoalPeriods(goal, today).map((period) => ({
      goal_id: goalIds[n]?.id ?? 0,
      index: period.index,
      start_date: period.start,
      end_date: period.end,
      target_amount: formatCents(period.targetCents),
      current_amount: formatCents(period.currentCents),
      tracking_status: period.tracking,
    })),
  );
  await insertInBatches(periodRows, 1000, async (batch) => {
    await db.insertInto('goal_periods').values(batch).execute();
    return [];
  });
  return goalRows.length + periodRows.length;
}

function providerId(target: DemoClientsTarget, name: string): number {
  const id = target.providerIds.get(name);
  if (id === undefined) throw new Error(`Demo provider ${name} is missing`);
  return id;
}

/** A demo client withdrew 30 days after confirming, or yesterday if that is still to come. */
function withdrawalDate(start: string, today: string): string {
  const thirtyDaysOn = addDays(start, 30);
  const yesterday = addDays(today, -1);
  // ISO dates order as strings: the earlier of the two, never before the start.
  const [earlier] = [thirtyDaysOn, yesterday].sort();
  return earlier && earlier > start ? earlier : start;
}
