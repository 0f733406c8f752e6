import type { ProviderAccount } from '@waratah/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { holdConsentFor } from '../access/hold-client-access.ts';
import { recordAudit } from '../access/record-audit.ts';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import { lockClientDataVersion } from '../aggregation/client-data-version.ts';
import { getProviderAccount } from '../aggregation/provider-accounts-repository.ts';
import type { Database } from '../db/database-schema.ts';
import { inTransaction } from '../db/in-transaction.ts';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { AppError } from '../errors/app-error.ts';
import { CdsRequestError } from './cds-request-error.ts';
import { classifyCdsFailure } from './classify-cds-failure.ts';
import { queueHolderConsentRevocations, revokeUnrecordedHolderConsent } from './holder-consent-revocation.ts';
import { type HolderTokenCipher, holderTokenCipher } from './holder-token-cipher.ts';
import { authoriseAtSimulatedHolder, type HolderConsent } from './simulated-holder.ts';

// `access/resolve-client-scope.ts` (imported here for its types) reads `request.server.database`,
// which app.ts declares. A program that uses this module without the app (the browser tests'
// seed script, through the demo seed) sees the same declaration here.
declare module 'fastify' {
  interface FastifyInstance {
    database: PlatformDatabase;
  }
}

/** The first key of the advisory lock a client's connect takes; the second is the client's id. */
const connectLockClass = 7_302;

export interface ConnectRequest {
  providerId: number;
  /** Who the client is at the holder. */
  customerId: string;
  /** How long the holder shares data: at most 365 days (the CDR's 12 months). */
  sharingDays: number;
}

/**
 * Connects a client to an open-banking provider: the holder authorises a consent, and the
 * provider account is recorded with it, `adding` until its first refresh. When the holder refuses
 * (MFA needed, credentials not accepted, an outage) the account is recorded all the same, with the
 * status that says what must happen (spec §3), so the client sees it and can try again.
 *
 * Connecting again the same customer at the same provider (how a connection that needs action is
 * mended) updates that connection rather than adding another: its accounts and transactions stay
 * one set (before 2026-11-30 a second connection listed each twice, and doubled every total). A new
 * consent replaces the old one, whose end is queued at the holder; a refused one leaves the
 * connection's consent as it was and records the new status.
 */
export async function connectProviderAccount(
  database: Kysely<Database>,
  scope: ClientScope,
  request: ConnectRequest,
  options: { fetch?: typeof fetch; tokens?: HolderTokenCipher; log?: Pick<FastifyBaseLogger, 'error'> } = {},
): Promise<ProviderAccount> {
  const db = database;
  const provider = await db
    .selectFrom('providers')
    .select(['id', 'aggregator_type', 'base_url', 'status'])
    .where('id', '=', request.providerId)
    .executeTakeFirst();
  if (!provider) {
    throw new AppError('validation_failed', `There is no provider ${request.providerId}`, {
      fields: [{ field: 'body.provider_id', message: 'must be a provider' }],
    });
  }
  if (provider.aggregator_type !== 'cdr' || !provider.base_url) {
    throw new AppError(
      'validation_failed',
      `Provider ${request.providerId} is not an open-banking provider`,
      {
        fields: [{ field: 'body.provider_id', message: 'must be an open-banking provider' }],
      },
    );
  }
  let consent: HolderConsent | undefined;
  let status = {
    status: 'adding',
    refresh_status: null as string | null,
    refresh_sub_status: null as string | null,
  };
  try {
    consent = await authoriseAtSimulatedHolder(provider.base_url, {
      customerId: request.customerId,
      sharingDays: request.sharingDays,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  } catch (error) {
    // A consent given in an answer that cannot be kept is ended: at once, or by the queue's job,
    // which tries for a week (before 2026-12-02, once, and a holder that did not answer kept it).
    if (error instanceof CdsRequestError && error.unrecordedConsentId !== undefined) {
      await revokeUnrecordedHolderConsent(
        database,
        { providerId: provider.id, baseUrl: provider.base_url, consentId: error.unrecordedConsentId },
        {
          ...(options.fetch ? { fetch: options.fetch } : {}),
          ...(options.log ? { log: options.log } : {}),
        },
      );
    }
    const outcome = classifyCdsFailure(error);
    status = {
      status: outcome.providerAccountStatus,
      refresh_status: outcome.refreshStatus,
      refresh_sub_status: outcome.refreshSubStatus,
    };
  }
  const tokens = options.tokens ?? (await holderTokenCipher());
  const holderConsent =
    consent && provider.base_url
      ? { providerId: provider.id, baseUrl: provider.base_url, consentId: consent.consentId }
      : undefined;
  const id = await inTransaction(database, async (trx) => {
    // The connection goes when the consent behind the caller's access ends: held while it is recorded.
    await holdConsentFor(trx, scope);
    // One connect of a client at a time: two at once (a double click, two tabs) would each find
    // no connection and add one, so every account and transaction was listed twice. The second
    // waits here and then finds the first's connection, which it reconnects.
    await sql`select pg_advisory_xact_lock(${connectLockClass}::int, ${scope.clientId}::int)`.execute(trx);
    // The client's data version before the connection's row, as every writer of the client's data
    // takes it (`lockClientDataVersion`): a refresh of it running meanwhile is waited for.
    await lockClientDataVersion(trx, scope.clientId);
    const existing = await trx
      .selectFrom('provider_accounts')
      .select(['id', 'holder_consent_id'])
      .where('tenant_id', '=', scope.tenantId)
      .where('client_id', '=', scope.clientId)
      .where('provider_id', '=', provider.id)
      .where('holder_customer_id', '=', request.customerId)
      .orderBy('id')
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('provider_accounts')
        .set({
          // Its data is refreshed, not added: `updating` until the refresh the caller queues.
          ...(consent ? { ...status, status: 'updating' } : status),
          ...(consent && {
            holder_consent_id: consent.consentId,
            holder_access_token: tokens.seal(consent.accessToken),
            holder_consent_expires_at: consent.expiresAt,
            next_refresh: new Date(),
            refresh_failures: 0,
            // The customer authenticated with the holder again: CDS `x-fapi-auth-date`.
            connected_at: new Date(),
          }),
        })
        .where('id', '=', existing.id)
        .execute();
      if (consent && existing.holder_consent_id && existing.holder_consent_id !== consent.consentId) {
        await queueHolderConsentRevocations(trx, [
          { providerId: provider.id, consentId: existing.holder_consent_id },
        ]);
      }
      await recordAudit(trx, {
        actor: scope.actor,
        action: 'provider_account.reconnect',
        targetType: 'provider_account',
        targetId: existing.id,
        clientId: scope.clientId,
      });
      return existing.id;
    }
    const row = await trx
      .insertInto('provider_accounts')
      .values({
        tenant_id: scope.tenantId,
        client_id: scope.clientId,
        provider_id: provider.id,
        ...status,
        holder_customer_id: request.customerId,
        holder_consent_id: consent?.consentId ?? null,
        holder_access_token: consent ? tokens.seal(consent.accessToken) : null,
        holder_consent_expires_at: consent?.expiresAt ?? null,
        next_refresh: consent ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'provider_account.create',
      targetType: 'provider_account',
      targetId: row.id,
      clientId: scope.clientId,
    });
    return row.id;
  }).catch(async (error: unknown) => {
    // Not recorded (the consent ended meanwhile, the database failed): the holder's consent, just
    // given, is ended too, so no token outlives the connection it was for.
    if (holderConsent) {
      await revokeUnrecordedHolderConsent(database, holderConsent, {
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.log ? { log: options.log } : {}),
      });
    }
    throw error;
  });
  return getProviderAccount(database, scope, id);
}
