import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { adviserAccessQuery } from '../access/find-accessible-client.ts';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import type { DocumentsDatabase } from './document-exports.ts';

type Exports = ExpressionBuilder<DocumentsDatabase, 'document_exports'>;

/** Who asked for the export, as recorded with it (`params.actor`, the caller when it was requested). */
const requester = {
  kind: sql<string>`document_exports.params #>> '{actor,kind}'`,
  role: sql<string>`document_exports.params #>> '{actor,role}'`,
  practice: sql<string>`document_exports.params #>> '{actor,externalPartyId}'`,
};

/** Exports asked for by an adviser of the practice (its practice when it asked). */
export function requestedByPractice(practiceId: number) {
  return (eb: Exports): Expression<SqlBool> =>
    eb.and([
      eb(requester.kind, '=', 'admin_user'),
      eb(requester.role, '=', 'adviser'),
      eb(requester.practice, '=', String(practiceId)),
    ]);
}

/** Exports asked for by anyone but the client itself: advisers and operators. */
export function notRequestedByTheClient() {
  return (eb: Exports): Expression<SqlBool> => eb(requester.kind, '<>', 'client');
}

/**
 * The client's exports that `viewer` may see (docs/documents.md, "Who sees an export"): the
 * client and the tenant's operators see all of them; an adviser only those its own practice's
 * advisers asked for and those the client asked for itself, never another practice's (which would
 * show that practice's work and its adviser's name), as for consents and the audit log.
 */
export function visibleTo(viewer: Principal) {
  return (eb: Exports): Expression<SqlBool> => {
    if (viewer.kind === 'client' || viewer.role === 'operator') return eb.lit(true);
    if (viewer.externalPartyId === null) return eb.lit(false);
    return eb.or([eb(requester.kind, '=', 'client'), requestedByPractice(viewer.externalPartyId)(eb)]);
  };
}

/**
 * The exports `viewer` could open now, whoever's client they are: what `visibleTo` shows, and for
 * an adviser only while the practice may see the client (`adviserAccessQuery`). `POST
 * documents/verify` names only such an export; to anyone else in the tenant holding the file it
 * says no more than that the platform produced it.
 */
export function openableBy(db: Kysely<Database>, viewer: Principal) {
  return (eb: Exports): Expression<SqlBool> => {
    if (viewer.kind === 'client' || viewer.role === 'operator') return visibleTo(viewer)(eb);
    return eb.and([
      visibleTo(viewer)(eb),
      eb.exists(
        adviserAccessQuery(db, viewer.tenantId, viewer.externalPartyId, eb.ref('document_exports.client_id')),
      ),
    ]);
  };
}
