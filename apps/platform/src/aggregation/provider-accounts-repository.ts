import type {
  ProviderAccount,
  ProviderAccountStatus,
  RefreshStatus,
  RefreshSubStatus,
} from '@waratah/contracts';
import type { Kysely } from 'kysely';
import { holdConsentFor } from '../access/hold-client-access.ts';
import { recordAudit } from '../access/record-audit.ts';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { queueHolderConsentRevocations } from '../open-banking/holder-consent-revocation.ts';
import { lockClientDataVersion } from './client-data-version.ts';

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

/**
 * Removes a connection with its accounts and their transactions (the foreign keys cascade); an
 * open-banking connection's consent at the holder is ended by a job queued in the same
 * transaction (`queueHolderConsentRevocations`), retried while the holder does not answer.
 */
export async function deleteProviderAccount(
  db: Kysely<Database>,
  scope: ClientScope,
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Only while the caller's consent is current (before 2026-12-02 written after a withdrawal).
    await holdConsentFor(trx, scope);
    // The data version before the rows its trigger bumps it for, as a bank refresh takes them.
    await lockClientDataVersion(trx, scope.clientId);
    const deleted = await trx
      .deleteFrom('provider_accounts')
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('id', '=', id)
      .returning(['provider_id', 'holder_consent_id'])
      .executeTakeFirst();
    if (!deleted) throw new AppError('not_found', `There is no provider account ${id}`);
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'provider_account.delete',
      targetType: 'provider_account',
      targetId: id,
      clientId: scope.clientId,
    });
    // The holder hears of it through a job that commits with the delete (retried while it is down).
    if (deleted.holder_consent_id) {
      await queueHolderConsentRevocations(trx, [
        { providerId: deleted.provider_id, consentId: deleted.holder_consent_id },
      ]);
    }
  });
}

/**
 * Marks the client's open-banking connections `updating` and queues their refreshes (`enqueue`);
 * a connection whose data comes from file imports cannot be refreshed (400 naming it). One
 * transaction: either every named connection is marked and queued or none is. Answers the
 * connections as marked, read before the commit: a worker may take a job up (and finish it) as
 * soon as it is committed.
 */
export async function markRefreshQueued(
  db: Kysely<Database>,
  scope: ClientScope,
  ids: readonly number[],
  enqueue: (trx: Kysely<Database>, id: number) => Promise<void>,
): Promise<ProviderAccount[]> {
  return db.transaction().execute(async (trx) => {
    // Only while the caller's consent is current (before 2026-12-02 written after a withdrawal).
    await holdConsentFor(trx, scope);
    // The data version before the rows its trigger bumps it for, as a bank refresh takes them.
    await lockClientDataVersion(trx, scope.clientId);
    const rows = await trx
      .selectFrom('provider_accounts as pa')
      .innerJoin('providers as p', 'p.id', 'pa.provider_id')
      .select(['pa.id', 'p.aggregator_type', 'p.base_url'])
      .where('pa.tenant_id', '=', scope.tenantId)
      .where('pa.client_id', '=', scope.clientId)
      .where('pa.id', 'in', ids)
      .execute();
    // Open banking = a CDR provider with a data holder to call (demo catalogue entries have none).
    const notOpenBanking = rows
      .filter((row) => row.aggregator_type !== 'cdr' || row.base_url === null)
      .map((row) => row.id);
    if (notOpenBanking.length > 0) {
      const message = `Provider accounts ${notOpenBanking.join(', ')} are not open-banking connections; their data comes from file imports`;
      throw new AppError('validation_failed', message, {
        fields: [{ field: 'query.provideraccount_ids', message }],
      });
    }
    // Due at once too: a refresh of the connection still running finds the one it queues
    // already there (one per connection waits or runs), and may have written its outcome before
    // this; the due sweep then refreshes it again within `refreshSweepMinutes`, where before
    // 2026-12-02 it stayed `updating` until its next day.
    await trx
      .updateTable('provider_accounts')
      .set({ status: 'updating', next_refresh: new Date() })
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('id', 'in', ids)
      .execute();
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'provider_account.refresh',
      targetType: 'provider_account',
      targetId: ids.join(','),
      clientId: scope.clientId,
    });
    // The jobs in the same transaction: before 2026-12-02 they were queued after its commit, and a
    // failure meanwhile left connections `updating` with no refresh to come until their next day.
    for (const id of ids) await enqueue(trx, id);
    const marked: ProviderAccount[] = [];
    for (const id of ids) marked.push(await getProviderAccount(trx, scope, id));
    return marked;
  });
}
