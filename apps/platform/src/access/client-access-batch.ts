import { type Kysely, type RawBuilder, sql } from 'kysely';
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
import { consentingLinkQuery, enabledPracticeQuery, operatorAccessQuery } from './find-accessible-client.ts';
import { auditRow } from './record-audit.ts';

/** One admin user's request for a client's data, as the access gate checks it. */
export interface ClientAccessCheck {
  caller: AdminUserPrincipal;
  clientId: number;
  /**
   * Set while the caller comes from a recent lookup of this token (`auth/confirm-principal.ts`):
   * access is given only while the token is live and still names the caller.
   */
  unconfirmedTokenHash: string | undefined;
  /** The audit row's action, target (the route) and origin. */
  action: string;
  targetId: string | null;
  ip: string;
}

/** What the access statement answers of a client the caller may see. */
export interface AccessedClient {
  client_id: number;
  consent_status: string | null;
  /** Null until the client's transactions, accounts or connections are first written. */
  data_version: string | null;
}

export interface ClientAccessBatch {
  /** The client, once its audit row is committed; undefined when access is refused. */
  check(check: ClientAccessCheck): Promise<AccessedClient | undefined>;
  /**
   * Statements run, checks made, and decisions taken: checks of the same caller, client and token
   * in one statement are decided once (the tests read them).
   */
  stats(): { statements: number; checks: number; decisions: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The access gate's shared statement (access/client-access-batch.ts). */
    clientAccess: ClientAccessBatch;
  }
}

/** PostgreSQL's `integer`, the type of every id column. */
const maxIntegerId = 2_147_483_647;

/**
 * The access gate's statement, shared by the requests that wait together (`db/statement-group.ts`).
 * Every admin user's read of a client's data is still checked against the database and audited
 * before it is answered (`resolve-client-scope.ts`): one statement checks each waiting request
 * under the same rules and writes every passing check's audit row, committed before any of them is
 * answered.
 */
export function createClientAccessBatch(
  db: Kysely<Database>,
  options: StatementGroupOptions = {},
): ClientAccessBatch {
  const statement = accessStatement(db);
  let decisions = 0;
  const group = createStatementGroup(async (checks: readonly ClientAccessCheck[]) => {
    const { answers, decided } = await runChecks(statement, checks);
    decisions += decided;
    return answers;
  }, options);
  return {
    check(check) {
      // No client has an id beyond the tables' integer range (and such a value would fail the
      // statement, with every check in it).
      if (!Number.isInteger(check.clientId) || check.clientId < 1 || check.clientId > maxIntegerId)
        return Promise.resolve(undefined);
      return group.submit(check);
    },
    stats: () => {
      const { statements, inputs } = group.stats();
      return { statements, checks: inputs, decisions };
    },
  };
}

/**
 * Who a check is decided for, a row `caller` of the statement: its caller and token. The caller's own
 * standing (its token still naming it, its practice enabled) is confirmed once per statement,
 * however many clients it asks for.
 */
type CallerRow = {
  tenant_id: string;
  actor_id: number;
  role: AdminUserPrincipal['role'];
  external_party_id: number | null;
  token_hash: string | null;
};

/**
 * What a check is decided on, a row `k`: its caller (`caller`, the caller row's `ord`) and client.
 * The requests a page sends at once (the portal's client pages send five to ten) share one.
 */
type DecisionRow = { caller: number; client_id: number };

/** A check's own audit row, beside its decision (`decision`, the decision row's `ord`). */
type AuditedRow = Pick<ReturnType<typeof auditRow>, 'action' | 'target_type' | 'target_id' | 'ip'> & {
  decision: number;
};

/** The statement's values: the callers, decisions and audit rows (`rowsWithOrdinal`), and the time. */
type CheckValues = { callers: string; decisions: string; audits: string; now: Date };

type AccessStatement = (values: CheckValues) => Promise<(AccessedClient & { ord: number })[]>;

/**
 * One statement for all the checks, compiled once (`db/compiled-once.ts`) and planned once
 * (`rowsWithOrdinal`): each caller is a row of `callers`, confirmed once (while it is unconfirmed its
 * token must still name it; an adviser's practice must be enabled); each decision is a row of `k`,
 * joined to its confirmed caller and to the access rules of the caller's role; every check of a
 * decision that passes writes its own audit row, and the decisions are answered with their consent
 * status and data version.
 *
 * Confirming the caller inside each decision, as before, rescanned the tokens, admin users and
 * practices for every client: with few rows those are sequential scans, and each rescan asked the
 * file's size again (an `fstat` in PGlite's file system, about 6 µs here).
 */
function accessStatement(db: Kysely<Database>): AccessStatement {
  return compiledOnce<CheckValues, AccessedClient & { ord: number }>(db, (value) => {
    /** A column of the caller's row in the statement. */
    const caller = <K extends keyof CallerRow>(key: K) => sql<CallerRow[K]>`${sql.ref(`caller.${key}`)}`;
    const clientId = sql<number>`k.client_id`;
    const access = operatorAccessQuery(db, caller('tenant_id'), clientId)
      .where(sql<boolean>`caller.role = 'operator'`)
      .unionAll(
        consentingLinkQuery(db, caller('tenant_id'), caller('external_party_id'), clientId).where(
          sql<boolean>`caller.role = 'adviser'`,
        ),
      );
    const tokenStillNamesCaller = tokenStillNamesQuery(db, {
      // Asked only of the callers that carry a token (`where caller.token_hash is null or exists …`).
      tokenHash: caller('token_hash') as RawBuilder<string>,
      tenantId: caller('tenant_id'),
      adminUserId: caller('actor_id'),
      role: caller('role'),
      externalPartyId: caller('external_party_id'),
      now: value('now'),
    });
    const practiceEnabled = enabledPracticeQuery(db, caller('tenant_id'), caller('external_party_id'));
    return sql<AccessedClient & { ord: number }>`
      with callers as (
        select * from json_to_recordset(${value('callers')}::json) as caller(tenant_id text, actor_id int,
          role text, external_party_id int, token_hash text, ord int)
      ),
      confirmed as materialized (
        select caller.ord, caller.tenant_id, caller.actor_id, caller.role, caller.external_party_id
        from callers caller
        where (caller.token_hash is null or exists (${tokenStillNamesCaller}))
          and (caller.role = 'operator' or exists (${practiceEnabled}))
      ),
      k as (
        select * from json_to_recordset(${value('decisions')}::json) as k(caller int, client_id int, ord int)
      ),
      allowed as (
        select k.ord, caller.tenant_id, caller.actor_id, a.id as client_id, a.consent_status
        from k join confirmed caller on caller.ord = k.caller
          cross join lateral (${access}) a
      ),
      audit as (
        -- Every caller of the gate is an admin user (ClientAccessCheck).
        insert into audit_log (tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip)
        select allowed.tenant_id, 'admin_user', allowed.actor_id, r.action, r.target_type, r.target_id,
          allowed.client_id, r.ip
        from json_to_recordset(${value('audits')}::json)
            as r(decision int, action text, target_type text, target_id text, ip text)
          join allowed on allowed.ord = r.decision
      )
      select allowed.ord::int as ord, allowed.client_id, allowed.consent_status,
        (select v.version::text from client_data_versions v where v.client_id = allowed.client_id)
          as data_version
      from allowed`;
  });
}

/**
 * Runs the statement for `checks`, and gives each its answer: the checks of one caller, client
 * and token are decided once, and each writes its own audit row.
 */
async function runChecks(
  statement: AccessStatement,
  checks: readonly ClientAccessCheck[],
): Promise<{ answers: (AccessedClient | undefined)[]; decided: number }> {
  const callers = distinctRows(
    checks.map(
      ({ caller, unconfirmedTokenHash }): CallerRow => ({
        tenant_id: caller.tenantId,
        actor_id: caller.adminUserId,
        role: caller.role,
        external_party_id: caller.externalPartyId,
        token_hash: unconfirmedTokenHash ?? null,
      }),
    ),
  );
  const { distinct: decisions, indexes } = distinctRows(
    checks.map(
      (check, index): DecisionRow => ({
        caller: (callers.indexes[index] ?? 0) + 1,
        client_id: check.clientId,
      }),
    ),
  );
  const audits = checks.map((check, index): AuditedRow => {
    const { action, target_type, target_id, ip } = auditRow({
      actor: check.caller,
      action: check.action,
      targetType: 'route',
      targetId: check.targetId,
      clientId: check.clientId,
      ip: check.ip,
    });
    return { action, target_type, target_id, ip, decision: (indexes[index] ?? 0) + 1 };
  });
  const answers = answersByOrdinal(
    decisions.length,
    await statement({
      callers: rowsWithOrdinal(callers.distinct),
      decisions: rowsWithOrdinal(decisions),
      audits: rowsWithOrdinal(audits),
      now: new Date(),
    }),
  );
  return { answers: answerEach(answers, indexes), decided: decisions.length };
}
