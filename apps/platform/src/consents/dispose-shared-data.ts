import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { revokeAtSimulatedHolder } from '../open-banking/simulated-holder.ts';

export interface HolderConsentToRevoke {
  baseUrl: string;
  consentId: string;
}

/**
 * What the CDR rules ask once a client's last sharing consent has ended (withdrawn or expired):
 * the CDR data collected for it is redundant, and the platform DELETES it rather than
 * de-identifying it (CDR Rules 7.12–7.13, the client's deletion election; docs/open-banking.md).
 * Deleted: every open-banking provider account of the client, with its accounts and
 * transactions (the foreign keys cascade), and the holder consents behind them are ended after
 * commit. Kept: data the client typed or imported from files (not CDR data), goals, and the audit
 * log. While another practice's consent is still active, nothing is deleted: that consent still
 * covers the data. Run inside the transaction that ends the consent.
 */
export async function disposeSharedData(
  trx: Kysely<Database>,
  tenantId: string,
  clientId: number,
): Promise<HolderConsentToRevoke[]> {
  const stillShared = await trx
    .selectFrom('client_links')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('client_id', '=', clientId)
    .where('consent_status', 'in', ['active', 'in_use'])
    .where((eb) => eb.or([eb('consent_expiry', 'is', null), eb('consent_expiry', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  if (stillShared) return [];
  const connections = await trx
    .selectFrom('provider_accounts as pa')
    .innerJoin('providers as p', 'p.id', 'pa.provider_id')
    .select(['pa.id', 'pa.holder_consent_id', 'p.base_url'])
    .where('pa.tenant_id', '=', tenantId)
    .where('pa.client_id', '=', clientId)
    .where('p.aggregator_type', '=', 'cdr')
    .execute();
  if (connections.length === 0) return [];
  await trx
    .deleteFrom('provider_accounts')
    .where(
      'id',
      'in',
      connections.map((connection) => connection.id),
    )
    .execute();
  return connections.flatMap((connection) =>
    connection.base_url && connection.holder_consent_id
      ? [{ baseUrl: connection.base_url, consentId: connection.holder_consent_id }]
      : [],
  );
}

/** Ends the holder consents of deleted connections; a holder that cannot be reached lets its token lapse. */
export async function revokeHolderConsents(
  consents: readonly HolderConsentToRevoke[],
  send: typeof fetch = fetch,
): Promise<void> {
  await Promise.allSettled(
    consents.map((consent) => revokeAtSimulatedHolder(consent.baseUrl, consent.consentId, send)),
  );
}
