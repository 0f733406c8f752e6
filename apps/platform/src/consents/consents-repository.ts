import type { Consent, GrantConsentBody } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import { getCdrConfig } from '../access/cdr-config.ts';
import { recordAudit } from '../access/record-audit.ts';
import type { Principal } from '../auth/principal.ts';
import { effectiveConsentStatus } from '../clients/effective-consent-status.ts';
import type { ConsentStatus, Database } from '../db/database-schema.ts';
import { deleteExportsOfPractice } from '../documents/delete-client-exports.ts';
import { AppError } from '../errors/app-error.ts';
import {
  consentHeldData,
  disposeSharedData,
  type FinishDisposalOptions,
  finishDisposal,
  type SharedDataDisposal,
} from './dispose-shared-data.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface ConsentScope {
  tenantId: string;
  clientId: number;
  actor: Principal;
}

/**
 * A client's consents: all of them for the client; for an adviser only their own practice's; an
 * operator sees all. Status as the adviser sees it: a consent past its expiry reads `expired`
 * even before the expiry sweep rewrites it.
 */
export async function listConsents(
  db: Kysely<Database>,
  scope: ConsentScope,
  id?: number,
): Promise<Consent[]> {
  let query = db
    .selectFrom('client_links as link')
    .innerJoin('external_parties as party', 'party.id', 'link.external_party_id')
    .select([
      'link.id',
      'link.external_party_id',
      'party.name as party_name',
      sql<ConsentStatus>`case when link.consent_status in ('active', 'in_use') and link.consent_expiry <= now() then 'expired' else link.consent_status end`.as(
        'status',
      ),
      'link.consent_start',
      'link.consent_expiry',
      'link.updated_at',
    ])
    .where('link.tenant_id', '=', scope.tenantId)
    .where('link.client_id', '=', scope.clientId);
  if (scope.actor.kind === 'admin_user' && scope.actor.role === 'adviser') {
    query = query.where('link.external_party_id', '=', scope.actor.externalPartyId ?? 0);
  }
  if (id !== undefined) query = query.where('link.id', '=', id);
  const rows = await query.orderBy('link.id').execute();
  const events = rows.length
    ? await db
        .selectFrom('consent_events')
        .select(['client_link_id', 'event_type', 'occurred_at'])
        .where(
          'client_link_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('occurred_at')
        .orderBy('id')
        .execute()
    : [];
  return rows.map((row) => {
    const own = events.filter((event) => event.client_link_id === row.id);
    const withdrawal = own.findLast((event) => event.event_type === 'withdrawal');
    const stopped =
      row.status === 'withdrawn'
        ? iso(withdrawal?.occurred_at ?? row.updated_at)
        : row.status === 'expired'
          ? iso(row.consent_expiry)
          : null;
    return {
      id: row.id,
      external_party: { id: row.external_party_id, name: row.party_name },
      status: row.status,
      sharing_started_at: iso(row.consent_start),
      sharing_expires_at: iso(row.consent_expiry),
      sharing_stopped_at: stopped,
      sharing_duration:
        row.consent_start && row.consent_expiry
          ? Math.round(
              (new Date(row.consent_expiry).getTime() - new Date(row.consent_start).getTime()) / 1000,
            )
          : null,
      delete_redundant_data: true,
      events: own.map((event) => ({
        event_type: event.event_type,
        occurred_at: iso(event.occurred_at) ?? '',
      })),
    };
  });
}

export async function getConsent(db: Kysely<Database>, scope: ConsentScope, id: number): Promise<Consent> {
  const [consent] = await listConsents(db, scope, id);
  if (!consent) throw new AppError('not_found', `There is no consent ${id}`);
  return consent;
}

/**
 * The client confirms sharing with a practice for one of the configured durations (at most 12
 * months): a pending invitation becomes active, an ended consent starts again, an active one is
 * renewed from now. Records the confirmation event.
 */
export async function grantConsent(
  db: Kysely<Database>,
  scope: ConsentScope,
  body: GrantConsentBody,
  now: Date = new Date(),
): Promise<Consent> {
  const config = await getCdrConfig(db, scope.tenantId);
  const allowed = config.sharing_durations.map((entry) => entry.duration);
  if (!allowed.includes(body.sharing_duration)) {
    const message = `must be one of the configured durations: ${allowed.join(', ')} seconds`;
    throw new AppError('validation_failed', `sharing_duration ${message}`, {
      fields: [{ field: 'body.sharing_duration', message }],
    });
  }
  const party = await db
    .selectFrom('external_parties')
    .select(['id', 'status'])
    .where('tenant_id', '=', scope.tenantId)
    .where('id', '=', body.external_party_id)
    .executeTakeFirst();
  if (party?.status !== 'enabled') {
    const message = 'must be an enabled adviser practice';
    throw new AppError('validation_failed', `external_party_id ${message}`, {
      fields: [{ field: 'body.external_party_id', message }],
    });
  }
  const expiry = new Date(now.getTime() + body.sharing_duration * 1000);
  const id = await db.transaction().execute(async (trx) => {
    const link = await trx
      .insertInto('client_links')
      .values({
        tenant_id: scope.tenantId,
        client_id: scope.clientId,
        external_party_id: party.id,
        consent_status: 'active',
        consent_start: now,
        consent_expiry: expiry,
      })
      .onConflict((conflict) =>
        conflict.columns(['client_id', 'external_party_id']).doUpdateSet({
          // A renewal of a consent the practice is using stays `in_use` (mark-consent-in-use.ts).
          consent_status: sql<ConsentStatus>`case when client_links.consent_status = 'in_use' and client_links.consent_expiry > now() then 'in_use' else 'active' end`,
          consent_start: now,
          consent_expiry: expiry,
          updated_at: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('consent_events')
      .values({ client_link_id: link.id, event_type: 'confirmation', occurred_at: now })
      .execute();
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'consent.confirm',
      targetType: 'consent',
      targetId: link.id,
      clientId: scope.clientId,
    });
    return link.id;
  });
  return getConsent(db, scope, id);
}

/**
 * The client withdraws a consent: the practice loses access at once (the access gate answers
 * 404), the withdrawal event is recorded, the practice's exports of the client are deleted, and
 * the shared data is deleted when no other consent covers it (`disposeSharedData`), all in one
 * transaction, which also queues the jobs that end the holder consents; the exports' files are
 * removed after commit (give
 * `options.store`, the configured DOCUMENT_STORE, for files on disk or in object storage).
 */
export async function withdrawConsent(
  db: Kysely<Database>,
  scope: ConsentScope,
  id: number,
  options: FinishDisposalOptions = {},
): Promise<Consent> {
  const disposal = await db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('client_links')
      .select([
        'id',
        'external_party_id',
        effectiveConsentStatus('client_links').$castTo<ConsentStatus>().as('status'),
      ])
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!link) throw new AppError('not_found', `There is no consent ${id}`);
    // Past its expiry it has ended, swept or not (the list says `expired`): the sweep records it.
    if (link.status === 'withdrawn' || link.status === 'expired') {
      throw new AppError('already_exists', `Consent ${id} has already ended (${link.status})`);
    }
    await trx
      .updateTable('client_links')
      .set({ consent_status: 'withdrawn', updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await trx.insertInto('consent_events').values({ client_link_id: id, event_type: 'withdrawal' }).execute();
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'consent.withdraw',
      targetType: 'consent',
      targetId: id,
      clientId: scope.clientId,
    });
    const ended = { tenantId: scope.tenantId, clientId: scope.clientId, practiceId: link.external_party_id };
    // An invitation declined (a consent never given) held no data: the client's stays theirs.
    // Before 2026-11-29 it disposed of the shared data when no other consent was current.
    if (!consentHeldData(link.status)) {
      return { exportFiles: await deleteExportsOfPractice(trx, ended, ended.practiceId) };
    }
    return disposeSharedData(trx, ended);
  });
  await finishDisposal([disposal], options);
  return getConsent(db, scope, id);
}

/**
 * The expiry sweep: every consent past its expiry becomes `expired`, its practice's exports of the
 * client are deleted, and each client left without a current consent has the shared data deleted
 * (`disposeSharedData`). One transaction per consent, so one failure does not hold up the others:
 * the rest expire, the files of those expired are removed, and then the sweep throws, so its job
 * is marked failed and the consent is tried again. It goes on past any number of failures: one
 * that fails every time stays first among the due, and a stop after a few would halt the sweep for
 * good. Answers how many consents were due.
 */
export async function expireConsents(
  db: Kysely<Database>,
  now: Date = new Date(),
  options: FinishDisposalOptions = {},
): Promise<number> {
  const due = await db
    .selectFrom('client_links')
    .select(['id', 'tenant_id', 'client_id', 'external_party_id'])
    .where('consent_status', 'in', ['active', 'in_use'])
    .where('consent_expiry', '<=', now)
    .orderBy('consent_expiry')
    .limit(1_000)
    .execute();
  const disposals: SharedDataDisposal[] = [];
  const failures: unknown[] = [];
  for (const link of due) {
    const disposal = await db
      .transaction()
      .execute(async (trx) => {
        const updated = await trx
          .updateTable('client_links')
          .set({ consent_status: 'expired', updated_at: now })
          .where('id', '=', link.id)
          .where('consent_status', 'in', ['active', 'in_use'])
          // Still due: a renewal since the read above (a new expiry) keeps the consent, and the data
          // (before 2026-11-30 the sweep expired it all the same, and deleted the client's bank data).
          .where('consent_expiry', '<=', now)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return undefined;
        // The platform's own change, audited as every change is (before 2026-11-30 only a person's
        // withdrawal or unlink was): what follows deletes the client's data no consent covers.
        await recordAudit(trx, {
          actor: { kind: 'system', tenantId: link.tenant_id },
          action: 'consent.expire',
          targetType: 'consent',
          targetId: link.id,
          clientId: link.client_id,
        });
        return disposeSharedData(trx, {
          tenantId: link.tenant_id,
          clientId: link.client_id,
          practiceId: link.external_party_id,
        });
      })
      .catch((error: unknown) => {
        // This consent stays due, for the next sweep; the others go on. Before 2026-12-02 the
        // first failure ended the sweep: the consents after it waited, and the files of those
        // already expired stayed with no row naming them.
        failures.push(error);
        options.log?.error({ err: error, consentId: link.id }, 'consents: could not expire a consent');
        return undefined;
      });
    if (disposal) disposals.push(disposal);
  }
  await finishDisposal(disposals, options);
  if (failures.length > 0) {
    throw new AggregateError(
      failures,
      `${failures.length} of ${due.length} due consents could not be expired`,
    );
  }
  return due.length;
}
