import type {
  Account,
  AccountStatus,
  AccountType,
  Container,
  HolderType,
  UpdateAccountBody,
} from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import { holdConsentFor } from '../access/hold-client-access.ts';
import { recordAudit } from '../access/record-audit.ts';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { lockClientDataVersion } from './client-data-version.ts';
import { refreshStatusToWire } from './provider-accounts-repository.ts';

function selectAccounts(db: Kysely<Database>, scope: Pick<ClientScope, 'tenantId' | 'clientId'>) {
  return db
    .selectFrom('accounts as a')
    .innerJoin('provider_accounts as pa', 'pa.id', 'a.provider_account_id')
    .innerJoin('providers as p', 'p.id', 'pa.provider_id')
    .where('a.tenant_id', '=', scope.tenantId)
    .where('a.client_id', '=', scope.clientId)
    .select([
      'a.id',
      'a.provider_account_id',
      'pa.provider_id',
      'p.name as provider_name',
      'a.account_name',
      'a.nick_name',
      'a.account_number',
      'a.bsb',
      'a.account_status',
      'a.container',
      'a.account_type',
      'a.holder_type',
      'a.included',
      'a.hidden',
      sql<string>`a.current_balance::text`.as('current_balance'),
      sql<string | null>`a.available_balance::text`.as('available_balance'),
      'a.currency',
      'pa.status',
      'pa.refresh_status',
      'pa.refresh_sub_status',
      'pa.last_refreshed',
      'pa.next_refresh',
    ]);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>['executeTakeFirstOrThrow']>>;

function accountToWire(row: AccountRow): Account {
  return {
    id: row.id,
    provider_account_id: row.provider_account_id,
    provider_id: row.provider_id,
    provider_name: row.provider_name,
    account_name: row.account_name,
    nick_name: row.nick_name,
    account_number: row.account_number,
    bsb: row.bsb,
    account_status: row.account_status as AccountStatus,
    account_attributes: {
      container: row.container as Container,
      account_type: row.account_type as AccountType,
    },
    owner_type: row.holder_type as HolderType,
    included: row.included,
    hidden: row.hidden,
    current_balance: { amount: row.current_balance, currency: row.currency },
    available_balance:
      row.available_balance === null ? null : { amount: row.available_balance, currency: row.currency },
    refresh_status: refreshStatusToWire(row),
  };
}

export async function listAccounts(
  db: Kysely<Database>,
  scope: ClientScope,
  filter: { provider_account_ids?: number[] | undefined; container?: Container | undefined } = {},
): Promise<Account[]> {
  let query = selectAccounts(db, scope);
  if (filter.provider_account_ids)
    query = query.where('a.provider_account_id', 'in', filter.provider_account_ids);
  if (filter.container) query = query.where('a.container', '=', filter.container);
  return (await query.orderBy('a.id').execute()).map(accountToWire);
}

export async function getAccount(db: Kysely<Database>, scope: ClientScope, id: number): Promise<Account> {
  const row = await selectAccounts(db, scope).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', `There is no account ${id}`);
  return accountToWire(row);
}

export async function updateAccount(
  db: Kysely<Database>,
  scope: ClientScope,
  id: number,
  change: UpdateAccountBody,
): Promise<Account> {
  if (change.included === undefined && change.hidden === undefined && change.nick_name === undefined) {
    return getAccount(db, scope, id);
  }
  await db.transaction().execute(async (trx) => {
    // Only while the caller's consent is current (before 2026-12-02 written after a withdrawal).
    await holdConsentFor(trx, scope);
    // The data version before the rows its trigger bumps it for, as a bank refresh takes them.
    await lockClientDataVersion(trx, scope.clientId);
    const updated = await trx
      .updateTable('accounts')
      .set({
        ...(change.included === undefined ? {} : { included: change.included }),
        ...(change.hidden === undefined ? {} : { hidden: change.hidden }),
        ...(change.nick_name === undefined ? {} : { nick_name: change.nick_name || null }),
      })
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new AppError('not_found', `There is no account ${id}`);
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'account.update',
      targetType: 'account',
      targetId: id,
      clientId: scope.clientId,
    });
  });
  return getAccount(db, scope, id);
}
