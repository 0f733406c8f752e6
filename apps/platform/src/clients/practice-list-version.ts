import type { FastifyRequest } from 'fastify';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { enabledPracticeQuery } from '../access/find-accessible-client.ts';
import { auditRow } from '../access/record-audit.ts';
import { requireAdminUser } from '../access/require-principal.ts';
import { confirmPrincipal, readConfirmingCaller } from '../auth/confirm-principal.ts';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import { tokenStillNamesQuery } from '../auth/tokens/token-repository.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Database } from '../db/database-schema.ts';
import {
  answerEach,
  answersByOrdinal,
  createStatementGroup,
  distinctRows,
  rowsWithOrdinal,
  type StatementGroupOptions,
} from '../db/statement-group.ts';
import { clientListAudit } from './list-managed-users.ts';

/** An adviser's read of its practice's list state, made to read its client list. */
interface ListStateRead {
  caller: AdminUserPrincipal & { externalPartyId: number };
  /** Set while the caller comes from a recent lookup of this token (`auth/confirm-principal.ts`). */
  unconfirmedTokenHash: string | undefined;
}

/** What the list is computed from, beside the practice itself; undefined: the token did not confirm. */
type ListState = { enabled: boolean; version: string | null; next_expiry: string | null } | undefined;

export interface PracticeListVersions {
  read(read: ListStateRead): Promise<ListState>;
  /**
   * Statements run, reads answered, and rows read: the reads of one caller and token in one
   * statement are one row (the tests read them).
   */
  stats(): { statements: number; reads: number; rows: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The practices' client-list versions, read in shared statements (clients/practice-list-version.ts). */
    practiceListVersions: PracticeListVersions;
  }
}

/**
 * Reads of practices' list states, shared by the requests that wait together
 * (`db/statement-group.ts`): the practice is enabled, its list version (migration 0012) and its
 * next consent expiry, while the caller's token, if unconfirmed, still names it.
 */
export function createPracticeListVersions(
  db: Kysely<Database>,
  options: StatementGroupOptions = {},
): PracticeListVersions {
  const statement = listStateStatement(db);
  let rows = 0;
  const group = createStatementGroup(async (reads: readonly ListStateRead[]) => {
    // An adviser's requests at once (its list's pages, its own details) are one row.
    const { distinct, indexes } = distinctRows(
      reads.map((read) => ({
        tenant_id: read.caller.tenantId,
        external_party_id: read.caller.externalPartyId,
        admin_user_id: read.caller.adminUserId,
        token_hash: read.unconfirmedTokenHash ?? null,
      })),
    );
    // Each read writes its own audit row, as each client-data read does (access/client-access-batch.ts).
    const audits = reads.map((read, index) => {
      const { action, target_type, target_id, ip } = auditRow(clientListAudit(read.caller));
      return { read: (indexes[index] ?? 0) + 1, action, target_type, target_id, ip };
    });
    const answers = answersByOrdinal(
      distinct.length,
      await statement({ reads: rowsWithOrdinal(distinct), audits: rowsWithOrdinal(audits), now: new Date() }),
    );
    rows += distinct.length;
    return answerEach(answers, indexes);
  }, options);
  return {
    read: (read) => group.submit(read),
    stats: () => {
      const { statements, inputs } = group.stats();
      return { statements, reads: inputs, rows };
    },
  };
}

/** The reads' rows and their audit rows (`rowsWithOrdinal`), and the time. */
type ReadValues = { reads: string; audits: string; now: Date };

/**
 * One statement for all the reads, compiled once (`db/compiled-once.ts`) and planned once
 * (`rowsWithOrdinal`): each read whose caller is confirmed and whose practice is enabled (whose
 * list is then answered) writes its audit row, committed before the list is sent.
 */
function listStateStatement(db: Kysely<Database>) {
  return compiledOnce<ReadValues, NonNullable<ListState> & { ord: number }>(db, (value) => {
    const r = <T>(name: string) => sql<T>`${sql.ref(`r.${name}`)}`;
    const tokenStillNamesCaller = tokenStillNamesQuery(db, {
      // Asked only of the reads that carry a token (`where r.token_hash is null or exists …`).
      tokenHash: r<string>('token_hash'),
      tenantId: r<string>('tenant_id'),
      adminUserId: r<number>('admin_user_id'),
      role: sql.lit('adviser') as RawBuilder<'adviser'>,
      externalPartyId: r<number>('external_party_id'),
      now: value('now'),
    });
    const practiceEnabled = enabledPracticeQuery(db, r<string>('tenant_id'), r<number>('external_party_id'));
    return sql<NonNullable<ListState> & { ord: number }>`
      with r as (
        select * from json_to_recordset(${value('reads')}::json)
          as r(tenant_id text, external_party_id int, admin_user_id int, token_hash text, ord int)
      ),
      state as materialized (
        select
          r.ord, r.tenant_id, r.admin_user_id,
          exists (${practiceEnabled}) as enabled,
          (select version::text from practice_list_versions v where v.external_party_id = r.external_party_id)
            as version,
          (select to_char(min(l.consent_expiry) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
            from client_links l
            where l.external_party_id = r.external_party_id and l.consent_status in ('active', 'in_use')
              and l.consent_expiry > now()) as next_expiry
        from r
        where r.token_hash is null or exists (${tokenStillNamesCaller})
      ),
      audit as (
        insert into audit_log (tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip)
        select state.tenant_id, 'admin_user', state.admin_user_id, a.action, a.target_type, a.target_id,
          null, a.ip
        from json_to_recordset(${value('audits')}::json)
            as a(read int, action text, target_type text, target_id text, ip text)
          join state on state.ord = a.read and state.enabled
      )
      select state.ord::int as ord, state.enabled, state.version, state.next_expiry from state`;
  });
}

/**
 * What an adviser's client list is computed from, as a key to keep its pages under
 * (`keptAnswer`): the practice, its list version (migration 0012: links, clients and connections)
 * and its next consent expiry (from which a consent reads `expired` with no write). Undefined when
 * the list is not kept: an operator's (the whole tenant, not versioned) and an adviser's whose
 * practice is not enabled (its 404 is computed). The read also confirms a caller taken from a
 * recent lookup of its token (`readConfirmingCaller`); other callers are confirmed first.
 */
export async function practiceListVersionKey(request: FastifyRequest): Promise<string[] | undefined> {
  const first = requireAdminUser(request);
  if (first.role !== 'adviser' || first.externalPartyId === null) {
    await confirmPrincipal(request);
    return undefined;
  }
  const kept = await readConfirmingCaller(request, async (unconfirmedTokenHash) => {
    const caller = requireAdminUser(request);
    const partyId = caller.externalPartyId;
    if (caller.role !== 'adviser' || partyId === null) return { key: undefined };
    const state = await request.server.practiceListVersions.read({
      caller: { ...caller, externalPartyId: partyId },
      unconfirmedTokenHash,
    });
    if (state === undefined) return undefined;
    if (!state.enabled) return { key: undefined };
    return {
      key: [caller.tenantId, `practice ${partyId}`, state.version ?? '0', state.next_expiry ?? 'no expiry'],
    };
  });
  return kept.key;
}
