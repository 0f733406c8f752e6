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
import { adviserAccessQuery, operatorAccessQuery } from './find-accessible-client.ts';
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
 * What a check is decided on, a row `k` of the statement: its caller, client and token. The
 * requests a page sends at once (the portal's client pages send five to ten) share one.
 */
type DecisionRow = {
  tenant_id: string;
  actor_id: number;
  role: AdminUserPrincipal['role'];
  external_party_id: number | null;
  client_id: number;
  token_hash: string | null;
};

/** A check's own audit row, beside its decision (`decision`, the decision row's `ord`). */
type AuditedRow = Pick<ReturnType<typeof auditRow>, 'action' | 'target_type' | 'target_id' | 'ip'> & {
  decision: number;
};

/** The statement's values: the decisions and audit rows (`rowsWithOrdinal`), and the time. */
type CheckValues = { decisions: string; audits: string; now: Date };

type AccessStatement = (values: CheckValues) => Promise<(AccessedClient & { ord: number })[]>;

/**
 * One statement for all the checks, compiled once (`db/compiled-once.ts`) and planned once
 * (`rowsWithOrdinal`): each decision is a row of `k`, joined to the access rules of its caller's
 * role and, while its caller is unconfirmed, to its token; every check of a decision that passes
 * writes its own audit row, and the decisions are answered with their consent status and data
 * version.
 */
function accessStatement(db: Kysely<Database>): AccessStatement {
  return compiledOnce<CheckValues, AccessedClient & { ord: number }>(db, (value) => {
    /** A column of the decision's row in the statement. */
    const k = <K extends keyof DecisionRow>(key: K) => sql<DecisionRow[K]>`${sql.ref(`k.${key}`)}`;
    const access = operatorAccessQuery(db, k('tenant_id'), k('client_id'))
      .where(sql<boolean>`k.role = 'operator'`)
      .unionAll(
        adviserAccessQuery(db, k('tenant_id'), k('external_party_id'), k('client_id')).where(
          sql<boolean>`k.role = 'adviser'`,
        ),
      );
    const tokenStillNamesCaller = tokenStillNamesQuery(db, {
      // Asked only of the decisions that carry a token (`where k.token_hash is null or exists …`).
      tokenHash: k('token_hash') as RawBuilder<string>,
      tenantId: k('tenant_id'),
      adminUserId: k('actor_id'),
      role: k('role'),
      externalPartyId: k('external_party_id'),
      now: value('now'),
    });
    return sql<AccessedClient & { ord: number }>`
      with k as (
        select * from json_to_recordset(${value('decisions')}::json) as k(tenant_id text, actor_id int,
          role text, external_party_id int, client_id int, token_hash text, ord int)
      ),
      allowed as (
        select k.ord, a.id as client_id, a.consent_status
        from k cross join lateral (${access}) a
        where k.token_hash is null or exists (${tokenStillNamesCaller})
      ),
      audit as (
        -- Every caller of the gate is an admin user (ClientAccessCheck).
        insert into audit_log (tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip)
        select k.tenant_id, 'admin_user', k.actor_id, r.action, r.target_type, r.target_id, allowed.client_id, r.ip
        from json_to_recordset(${value('audits')}::json)
            as r(decision int, action text, target_type text, target_id text, ip text)
          join allowed on allowed.ord = r.decision
          join k on k.ord = r.decision
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
  const { distinct: decisions, indexes } = distinctRows(
    checks.map((check): DecisionRow => {
      const { caller } = check;
      return {
        tenant_id: caller.tenantId,
        actor_id: caller.adminUserId,
        role: caller.role,
        external_party_id: caller.externalPartyId,
        client_id: check.clientId,
        token_hash: check.unconfirmedTokenHash ?? null,
      };
    }),
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
      decisions: rowsWithOrdinal(decisions),
      audits: rowsWithOrdinal(audits),
      now: new Date(),
    }),
  );
  return { answers: answerEach(answers, indexes), decided: decisions.length };
}
