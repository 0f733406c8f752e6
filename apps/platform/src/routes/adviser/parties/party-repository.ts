import type { CreatePartyRequest, ExternalPartyStatus, UpdatePartyDetailsRequest } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../access/record-audit.ts';
import type { AdminUserPrincipal } from '../../../auth/principal.ts';
import type { Database } from '../../../db/database-schema.ts';
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
    create(
      { tenantId, party, status = 'unverified' }: CreatePartyInput,
      executor: Kysely<Database> = db,
    ): Promise<PartyRow> {
      return executor
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

    async update(current: PartyRow, changes: UpdatePartyDetailsRequest): Promise<PartyRow> {
      if (changes.credentials?.aggregator_id !== undefined)
        await assertAggregatorExists(db, changes.credentials.aggregator_id);
      const credentials = changes.credentials && { ...current.credentials, ...changes.credentials };
      return db
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
    },

    async setStatus(tenantId: TenantId, id: number, status: ExternalPartyStatus): Promise<PartyRow> {
      const row = await db
        .updateTable('external_parties')
        .set({ status, updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', `There is no external party ${id}`);
      return row;
    },
  };
}

/**
 * An operator's decision on a practice (verify, enable, disable), with its audit row, together:
 * disabling a practice takes its advisers' access to every client, so who did it and from where is
 * kept.
 */
export function setPartyStatus(
  db: Kysely<Database>,
  operator: AdminUserPrincipal,
  id: number,
  status: ExternalPartyStatus,
): Promise<PartyRow> {
  return db.transaction().execute(async (trx) => {
    const row = await createPartyRepository(trx).setStatus(operator.tenantId, id, status);
    await recordAudit(trx, {
      actor: operator,
      action: `party.${status}`,
      targetType: 'external_party',
      targetId: id,
    });
    return row;
  });
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
