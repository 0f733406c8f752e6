import type { CreatePartyRequest, ExternalPartyStatus, UpdatePartyDetailsRequest } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../access/record-audit.ts';
import type { AdminUserPrincipal } from '../../../auth/principal.ts';
import type { Database } from '../../../db/database-schema.ts';
import { inTransaction } from '../../../db/in-transaction.ts';
import { AppError } from '../../../errors/app-error.ts';
import type { PartyRow } from './to-party-details.ts';

export interface CreatePartyInput {
  tenantId: TenantId;
  party: CreatePartyRequest;
  status?: ExternalPartyStatus;
}

/** Practices (external parties) of one tenant. */
export function createPartyRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds a practice with its `party.create` audit row, in the caller's transaction when `db` is
     * one (registering also links the adviser), else in a transaction of its own.
     */
    create(
      actor: AdminUserPrincipal,
      { tenantId, party, status = 'unverified' }: CreatePartyInput,
    ): Promise<PartyRow> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .insertInto('external_parties')
          .values({
            tenant_id: tenantId,
            name: party.name,
            abn: party.abn,
            type: 'ta',
            status,
            roles: '[]',
            credentials: '{}',
            address: JSON.stringify(party.address),
            phone: party.phone,
            website: party.website ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordPartyAudit(trx, actor, 'party.create', row.id);
        return row;
      });
    },

    find(tenantId: TenantId, id: number): Promise<PartyRow | undefined> {
      return db
        .selectFrom('external_parties')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    listByStatus(tenantId: TenantId, status: ExternalPartyStatus): Promise<PartyRow[]> {
      return db
        .selectFrom('external_parties')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('status', '=', status)
        .orderBy('created_at')
        .execute();
    },

    /** Changes the fields sent (credentials merged into those held), with its `party.update` audit row. */
    async update(
      actor: AdminUserPrincipal,
      current: PartyRow,
      changes: UpdatePartyDetailsRequest,
    ): Promise<PartyRow> {
      assertIdentityUnchanged(current, changes);
      if (changes.credentials?.aggregator_id !== undefined)
        await assertAggregatorExists(db, changes.credentials.aggregator_id);
      return inTransaction(db, async (trx) => {
        // Checked again on the row as it is now, locked: an operator's enable committed since the
        // read above must not let an unchecked name through. The credentials sent are merged into
        // those of the locked row: two advisers adding one each at once both keep theirs (before
        // 2026-12-02 the later write put back the row read before the lock, dropping the other's).
        const locked = (await trx
          .selectFrom('external_parties')
          .selectAll()
          .where('id', '=', current.id)
          .forNoKeyUpdate()
          .executeTakeFirstOrThrow()) as PartyRow;
        assertIdentityUnchanged(locked, changes);
        const credentials = changes.credentials && { ...locked.credentials, ...changes.credentials };
        const row = await trx
          .updateTable('external_parties')
          .set({
            ...(changes.name !== undefined && { name: changes.name }),
            ...(changes.abn !== undefined && { abn: changes.abn }),
            ...(changes.address !== undefined && { address: JSON.stringify(changes.address) }),
            ...(changes.phone !== undefined && { phone: changes.phone }),
            ...(changes.website !== undefined && { website: changes.website }),
            ...(changes.profession !== undefined && { profession: changes.profession }),
            ...(credentials && { credentials: JSON.stringify(credentials) }),
            updated_at: new Date(),
          })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordPartyAudit(trx, actor, 'party.update', current.id);
        return row;
      });
    },

    /**
     * An operator's decision on a practice of their tenant (verify, enable, disable, back to
     * unverified), with its `party.<status>` audit row: disabling a practice takes its advisers'
     * access to every client, so who did it and from where is kept. `inReview` (the verify call)
     * decides only a practice still `unverified`: an operator working from a list read before
     * another disabled it must not enable it again (409; before 2026-11-30 it did).
     */
    setStatus(
      operator: AdminUserPrincipal,
      id: number,
      status: ExternalPartyStatus,
      options: { inReview?: boolean } = {},
    ): Promise<PartyRow> {
      return inTransaction(db, async (trx) => {
        let update = trx
          .updateTable('external_parties')
          .set({ status, updated_at: new Date() })
          .where('tenant_id', '=', operator.tenantId)
          .where('id', '=', id);
        if (options.inReview) update = update.where('status', '=', 'unverified');
        const row = await update.returningAll().executeTakeFirst();
        if (!row && options.inReview) {
          const current = await trx
            .selectFrom('external_parties')
            .select('status')
            .where('tenant_id', '=', operator.tenantId)
            .where('id', '=', id)
            .executeTakeFirst();
          if (current) {
            throw new AppError(
              'already_exists',
              `External party ${id} is not in review (it is ${current.status}); change its status with PUT instead`,
            );
          }
        }
        if (!row) throw new AppError('not_found', `There is no external party ${id}`);
        await recordPartyAudit(trx, operator, `party.${status}`, id);
        return row;
      });
    },
  };
}

/** Every write to a practice is audited in its own transaction: who, what, and from where. */
function recordPartyAudit(trx: Kysely<Database>, actor: AdminUserPrincipal, action: string, id: number) {
  return recordAudit(trx, { actor, action, targetType: 'external_party', targetId: id });
}

async function assertAggregatorExists(db: Kysely<Database>, id: number): Promise<void> {
  const found = await db
    .selectFrom('brokers_aggregators')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (found) return;
  const message = 'Please choose an aggregator from the list';
  throw new AppError('validation_failed', message, {
    fields: [{ field: 'body.credentials.aggregator_id', message }],
  });
}

/**
 * An enabled practice's name and ABN are what an operator checked before enabling it, and what
 * its clients see in every invitation and consent: its advisers cannot change them (403 naming the
 * fields). Before 2026-11-30 any adviser of an approved practice could rename it, and invite
 * clients under the new name. An operator sets the practice back to `unverified` for a change,
 * then enables it again once it is checked. A disabled practice cannot change them either (before
 * 2026-12-02 it could, and an operator's enable — no review — published names no one checked).
 * Its other details (phone, address, website, profession, credentials) stay the advisers' to keep
 * up to date.
 */
function assertIdentityUnchanged(current: PartyRow, changes: UpdatePartyDetailsRequest): void {
  if (current.status === 'unverified') return;
  const changed = (['name', 'abn'] as const).filter(
    (field) => changes[field] !== undefined && changes[field] !== current[field],
  );
  if (changed.length === 0) return;
  const message =
    current.status === 'enabled'
      ? 'was checked when the practice was enabled; ask your portal operator to change it'
      : 'can change only while the practice is in review; ask your portal operator to change it';
  throw new AppError('forbidden', `The practice's ${changed.join(' and ')} ${message}`, {
    fields: changed.map((field) => ({ field: `body.${field}`, message })),
  });
}
