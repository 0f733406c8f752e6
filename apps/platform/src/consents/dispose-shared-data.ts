import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { currentConsentLinks } from '../access/find-accessible-client.ts';
import { lockClientDataVersion } from '../aggregation/client-data-version.ts';
import type { ConsentStatus, Database } from '../db/database-schema.ts';
import {
  type DeletedExportFile,
  deleteExportsNotOfTheClient,
  deleteExportsOfPractice,
  removeExportFiles,
} from '../documents/delete-client-exports.ts';
import { type DocumentStore, databaseDocumentStore } from '../documents/document-store.ts';
import {
  type HolderConsentToRevoke,
  queueHolderConsentRevocations,
} from '../open-banking/holder-consent-revocation.ts';

/** The first key of the advisory lock a client's disposal takes; the second is the client's id. */
const disposalLockClass = 7_301;

/**
 * What is left to do once the transaction that deleted the data has committed: removing the files
 * of the deleted exports. (The holder consents of deleted connections are ended by jobs queued in
 * that transaction.)
 */
export interface SharedDataDisposal {
  exportFiles: DeletedExportFile[];
}

/** The consent that ended: whose, and given to which practice. */
export interface EndedConsent {
  tenantId: string;
  clientId: number;
  practiceId: number;
}

/**
 * Whether a link's consent was given and has not been ended by the platform yet (active or in
 * use; one past its expiry that the expiry sweep has not reached still counts, as the sweep would
 * dispose of its data). A consent never given (pending) or already ended held no data to dispose
 * of when its link is unlinked or the invitation declined.
 */
export function consentHeldData(status: ConsentStatus): boolean {
  return status === 'active' || status === 'in_use';
}

/**
 * What the CDR rules ask once a consent has ended (withdrawn or expired): the CDR data collected
 * or derived for it is redundant, and the platform DELETES it rather than de-identifying it (CDR
 * Rules 7.12–7.13, the client's deletion election; docs/open-banking.md). Run inside the
 * transaction that ends the consent.
 *
 * - The documents the practice's advisers exported for the client go at once: they were derived
 *   from data shared under this consent, and no one else may see them (docs/documents.md).
 * - When no other consent of the client is still current, every open-banking provider account of
 *   the client goes too, with its accounts and transactions (the foreign keys cascade), and so do
 *   the exports anyone but the client asked for (an operator's, another practice's made before
 *   this rule); the holder consents behind the connections are ended by jobs queued in the same
 *   transaction (`queueHolderConsentRevocations`), retried while the holder does not answer.
 *
 * Kept: data the client typed or imported from files (not CDR data), goals, the exports the client
 * asked for itself, and the audit log. Files on disk or in object storage are removed after commit
 * (`finishDisposal`).
 */
export async function disposeSharedData(
  trx: Kysely<Database>,
  ended: EndedConsent,
): Promise<SharedDataDisposal> {
  const client = { tenantId: ended.tenantId, clientId: ended.clientId };
  // One disposal of a client at a time: two consents ending together (two withdrawals, one and the
  // expiry sweep) would each still see the other as current, and neither delete the shared data.
  // The second waits here, before it has deleted anything, and then reads the first's commit.
  await sql`select pg_advisory_xact_lock(${disposalLockClass}::int, ${ended.clientId}::int)`.execute(trx);
  const exportFiles = await deleteExportsOfPractice(trx, client, ended.practiceId);
  const stillShared = await currentConsentLinks(trx, ended.tenantId, ended.clientId).executeTakeFirst();
  if (stillShared) return { exportFiles };
  exportFiles.push(...(await deleteExportsNotOfTheClient(trx, client)));
  await deleteOpenBankingConnections(trx, ended);
  return { exportFiles };
}

async function deleteOpenBankingConnections(
  trx: Kysely<Database>,
  { tenantId, clientId }: EndedConsent,
): Promise<void> {
  const connections = await trx
    .selectFrom('provider_accounts as pa')
    .innerJoin('providers as p', 'p.id', 'pa.provider_id')
    .select('pa.id')
    .where('pa.tenant_id', '=', tenantId)
    .where('pa.client_id', '=', clientId)
    .where('p.aggregator_type', '=', 'cdr')
    .execute();
  if (connections.length === 0) return;
  // The client's data version before the rows whose delete bumps it, as every writer of the
  // client's data takes it (`lockClientDataVersion`): a refresh holding it is waited for here.
  await lockClientDataVersion(trx, clientId);
  // Only the rows this statement deleted: a connection deleted meanwhile (DELETE provideraccounts)
  // queued its own revocation.
  const deleted = await trx
    .deleteFrom('provider_accounts')
    .where(
      'id',
      'in',
      connections.map((connection) => connection.id),
    )
    .returning(['provider_id', 'holder_consent_id'])
    .execute();
  await queueHolderConsentRevocations(
    trx,
    deleted.flatMap((row): HolderConsentToRevoke[] =>
      row.holder_consent_id ? [{ providerId: row.provider_id, consentId: row.holder_consent_id }] : [],
    ),
  );
}

export interface FinishDisposalOptions {
  /** Where exports' files are (DOCUMENT_STORE); default the database, whose files went with their rows. */
  store?: DocumentStore;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/** After commit: removes the deleted exports' files. */
export async function finishDisposal(
  disposals: readonly SharedDataDisposal[],
  options: FinishDisposalOptions = {},
): Promise<void> {
  await removeExportFiles(
    options.store ?? databaseDocumentStore,
    disposals.flatMap((disposal) => disposal.exportFiles),
    options.log,
  );
}
