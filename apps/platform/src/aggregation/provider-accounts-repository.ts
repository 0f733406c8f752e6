import type {
  ProviderAccount,
  ProviderAccountStatus,
  RefreshStatus,
  RefreshSubStatus,
} from '@waratah/contracts';
import type { Kysely } from 'kysely';
import { recordAudit } from '../access/record-audit.ts';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';

function selectProviderAccounts(db: Kysely<Database>, scope: Pick<ClientScope, 'tenantId' | 'clientId'>) {
  return db
    .selectFrom('provider_accounts as pa')
    .innerJoin('providers as p', 'p.id', 'pa.provider_id')
    .where('pa.tenant_id', '=', scope.tenantId)
    .where('pa.client_id', '=', scope.clientId)
    .select([
      'pa.id',
      'pa.provider_id',
      'p.name as provider_name',
      'p.aggregator_type',
      'pa.status',
      'pa.refresh_status',
      'pa.refresh_sub_status',
      'pa.last_refreshed',
      'pa.next_refresh',
    ]);
}

type ProviderAccountRow = Awaited<
  ReturnType<ReturnType<typeof selectProviderAccounts>['executeTakeFirstOrThrow']>
>;

/** The wire's RefreshStatus: status, then the refresh status as sub_status and its sub-status as additional_status. */
export function refreshStatusToWire(
  row: Pick<
    ProviderAccountRow,
    'status' | 'refresh_status' | 'refresh_sub_status' | 'last_refreshed' | 'next_refresh'
  >,
) {
  return {
    status: row.status as ProviderAccountStatus,
    sub_status: row.refresh_status as RefreshStatus | null,
    additional_status: row.refresh_sub_status as RefreshSubStatus | null,
    last_refreshed: row.last_refreshed ? new Date(row.last_refreshed).toISOString() : null,
    next_refresh: row.next_refresh ? new Date(row.next_refresh).toISOString() : null,
  };
}

function providerAccountToWire(row: ProviderAccountRow): ProviderAccount {
  return {
    id: row.id,
    provider_id: row.provider_id,
    provider_name: row.provider_name,
    editable: row.aggregator_type === 'manual',
    refresh_status: refreshStatusToWire(row),
  };
}

export async function listProviderAccounts(
  db: Kysely<Database>,
  scope: ClientScope,
): Promise<ProviderAccount[]> {
  const rows = await selectProviderAccounts(db, scope).orderBy('pa.id').execute();
  return rows.map(providerAccountToWire);
}

export async function getProviderAccount(
  db: Kysely<Database>,
  scope: ClientScope,
  id: number,
): Promise<ProviderAccount> {
  const row = await selectProviderAccounts(db, scope).where('pa.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', `There is no provider account ${id}`);
  return providerAccountToWire(row);
}

/** Removes a connection with its accounts and their transactions (the foreign keys cascade). */
export async function deleteProviderAccount(
  db: Kysely<Database>,
  scope: ClientScope,
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('provider_accounts')
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError('not_found', `There is no provider account ${id}`);
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'provider_account.delete',
      targetType: 'provider_account',
      targetId: id,
      clientId: scope.clientId,
    });
  });
}
