import type { UpdateUserDetailsBody, UserDetails, UserSummary } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import { holdConsentFor } from '../access/hold-client-access.ts';
import { recordAudit } from '../access/record-audit.ts';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';

/** `GET {p}/user/details`: the client's own profile. */
export async function getUserDetails(db: Kysely<Database>, scope: ClientScope): Promise<UserDetails> {
  const row = await db
    .selectFrom('clients')
    .select(['id', 'email', 'given_name', 'family_name', 'mobile', 'status', 'created_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', scope.clientId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'There is no such client');
  return {
    id: row.id,
    email: row.email,
    given_name: row.given_name,
    family_name: row.family_name,
    mobile_number: row.mobile,
    status: row.status,
    primary_currency: 'AUD',
    registration_date: new Date(row.created_at).toISOString(),
  };
}

export async function updateUserDetails(
  db: Kysely<Database>,
  scope: ClientScope,
  change: UpdateUserDetailsBody,
): Promise<UserDetails> {
  await db.transaction().execute(async (trx) => {
    await holdConsentFor(trx, scope);
    await trx
      .updateTable('clients')
      .set({
        updated_at: new Date(),
        ...(change.given_name === undefined ? {} : { given_name: change.given_name }),
        ...(change.family_name === undefined ? {} : { family_name: change.family_name }),
        ...(change.mobile_number === undefined ? {} : { mobile: change.mobile_number }),
      })
      .where('tenant_id', '=', scope.tenantId)
      .where('id', '=', scope.clientId)
      .execute();
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'user.details.update',
      targetType: 'client',
      targetId: scope.clientId,
      clientId: scope.clientId,
    });
  });
  return getUserDetails(db, scope);
}

/** `GET {p}/user/summary`: counts and freshness, each one indexed query by client. */
export async function getUserSummary(db: Kysely<Database>, scope: ClientScope): Promise<UserSummary> {
  const connections = await db
    .selectFrom('provider_accounts')
    .where('tenant_id', '=', scope.tenantId)
    .where('client_id', '=', scope.clientId)
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where status = 'needs_action'))::int`.as('needs_action'),
      sql<Date | null>`max(last_refreshed)`.as('last_refreshed'),
    ])
    .executeTakeFirstOrThrow();
  const accounts = await db
    .selectFrom('accounts')
    .where('tenant_id', '=', scope.tenantId)
    .where('client_id', '=', scope.clientId)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  const transactions = await db
    .selectFrom('transactions')
    .where('tenant_id', '=', scope.tenantId)
    .where('client_id', '=', scope.clientId)
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<string | null>`min(transaction_date)::text`.as('first'),
      sql<string | null>`max(transaction_date)::text`.as('last'),
    ])
    .executeTakeFirstOrThrow();
  return {
    provider_accounts_count: connections.total,
    accounts_count: accounts.total,
    needs_action_count: connections.needs_action,
    transactions_count: transactions.total,
    last_refreshed: connections.last_refreshed ? new Date(connections.last_refreshed).toISOString() : null,
    first_transaction_date: transactions.first,
    last_transaction_date: transactions.last,
  };
}
